import t from 'tap'
import {
  CHANNEL_TYPES,
  CHANNELS,
  ChannelAuthError,
  channelOutcome,
  isChannel,
  isChannelOutcome,
} from '../../../shared/channels/outcome.ts'

const answer = (retCode: string, retMsg = 'server says') => ({ retCode, retMsg })

t.test('channelOutcome › 000000 is success for every channel', async (t) => {
  t.same(
    Object.fromEntries(CHANNELS.map((channel) => [channel, channelOutcome(channel, answer('000000'))])),
    Object.fromEntries(CHANNELS.map((channel) => [channel, 'success'])),
  )
})

t.test('channelOutcome › Salesforce 700619 is failure', async (t) => {
  t.equal(channelOutcome('salesforce', answer('700619')), 'failure')
})

t.test('channelOutcome › Shopify 110408 and TikTok 140005 are not_allowed', async (t) => {
  t.equal(channelOutcome('shopify', answer('110408')), 'not_allowed')
  t.equal(channelOutcome('tikTok', answer('140005')), 'not_allowed')
})

t.test('channelOutcome › a code counts only for its own channel', async (t) => {
  const crossed: Array<[(typeof CHANNELS)[number], string]> = [
    ['shopify', '700619'],
    ['tikTok', '700619'],
    ['lazada', '700619'],
    ['salesforce', '110408'],
    ['tikTok', '110408'],
    ['salesforce', '140005'],
    ['shopify', '140005'],
    ['xiaohongshu', '140005'],
  ]
  /** What a call gives: its outcome, or the error it throws (class, message, code). */
  const result = (channel: (typeof CHANNELS)[number], code: string) => {
    try {
      return channelOutcome(channel, answer(code))
    } catch (error) {
      return error instanceof ChannelAuthError ? 'ChannelAuthError' : String(error)
    }
  }
  t.same(
    Object.fromEntries(crossed.map(([channel, code]) => [`${channel} ${code}`, result(channel, code)])),
    Object.fromEntries(crossed.map(([channel, code]) => [`${channel} ${code}`, 'ChannelAuthError'])),
    'each throws ChannelAuthError',
  )
})

t.test('channelOutcome › anything else throws with the server message and code', async (t) => {
  const codes = ['999999', '140000', '700014', '', '0']
  const thrown = (code: string) => {
    try {
      return { returned: channelOutcome('shopify', answer(code, `message for ${code}`)) }
    } catch (error) {
      const { message, retCode } = error as ChannelAuthError
      return { authError: error instanceof ChannelAuthError, message, retCode }
    }
  }
  t.same(
    Object.fromEntries(codes.map((code) => [`"${code}"`, thrown(code)])),
    Object.fromEntries(
      codes.map((code) => [`"${code}"`, { authError: true, message: `message for ${code}`, retCode: code }]),
    ),
  )
})

t.test('channel types and guards', async (t) => {
  t.same(CHANNEL_TYPES, { shopify: 35, tikTok: 38 })
  t.ok(isChannel('lazada'))
  t.notOk(isChannel('microsoft'))
  t.ok(isChannelOutcome('not_allowed'))
  t.notOk(isChannelOutcome('error'))
})
