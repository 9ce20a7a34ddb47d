import { launchFirefox } from './firefox.ts'
import { engineSuite } from './suite.ts'

engineSuite('Firefox', 'en', launchFirefox)
