import t from 'tap'
import type { Topology } from '../../config/index.ts'
import { chooseSignUpRegion, US_TIME_ZONES } from '../../server/region.ts'

const topology: Topology = {
  environments: {
    'sg-k8s': { region: 'sg', upstream: 'https://sg.example' },
    'us-k8s': { region: 'us', upstream: 'https://us.example' },
  },
  regions: {
    sg: { defaultEnvironment: 'sg-k8s', publicHost: 'www.example.com' },
    us: { defaultEnvironment: 'us-k8s', publicHost: 'us.example.com' },
  },
}

const LISTED = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
]

t.test('chooseSignUpRegion › each listed US time zone goes to us', async (t) => {
  t.equal(US_TIME_ZONES.size, LISTED.length)
  for (const timeZone of LISTED)
    t.equal(chooseSignUpRegion(topology, { host: 'localhost', timeZone }), 'us', timeZone)
})

t.test('chooseSignUpRegion › every other zone, or none, goes to sg', async (t) => {
  for (const timeZone of [
    'Asia/Singapore',
    'Europe/London',
    'America/Toronto',
    'America/Sao_Paulo',
    'UTC',
    'Asia/Shanghai',
    '',
  ]) {
    t.equal(chooseSignUpRegion(topology, { host: 'localhost', timeZone }), 'sg', timeZone || '(empty)')
  }
  t.equal(chooseSignUpRegion(topology, { host: 'localhost', timeZone: undefined }), 'sg', 'missing')
})

t.test('chooseSignUpRegion › a known regional host stays in its region whatever the zone', async (t) => {
  t.equal(chooseSignUpRegion(topology, { host: 'us.example.com', timeZone: 'Asia/Singapore' }), 'us')
  t.equal(chooseSignUpRegion(topology, { host: 'www.example.com:443', timeZone: 'America/Chicago' }), 'sg')
  t.equal(chooseSignUpRegion(topology, { host: 'US.EXAMPLE.COM', timeZone: undefined }), 'us')
})
