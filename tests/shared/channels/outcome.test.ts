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
  for (const channel of CHANNELS) t.equal(channelOutcome(channel, answer('000000')), 'success', channel)
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
  for (const [channel, code] of crossed) {
    t.throws(() => channelOutcome(channel, answer(code)), ChannelAuthError, `${channel} ${code}`)
  }
})

t.test('channelOutcome › anything else throws with the server message and code', async (t) => {
  for (const code of ['999999', '140000', '700014', '', '0']) {
    try {
      channelOutcome('shopify', answer(code, `message for ${code}`))
      t.fail(`${code} should throw`)
    } catch (error) {
      t.ok(error instanceof ChannelAuthError)
      t.equal((error as ChannelAuthError).message, `message for ${code}`)
      t.equal((error as ChannelAuthError).retCode, code)
    }
  }
})

t.test('channel types and guards', async (t) => {
  t.same(CHANNEL_TYPES, { shopify: 35, tikTok: 38 })
  t.ok(isChannel('lazada'))
  t.notOk(isChannel('microsoft'))
  t.ok(isChannelOutcome('not_allowed'))
  t.notOk(isChannelOutcome('error'))
})
