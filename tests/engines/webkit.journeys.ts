import { engineSuite } from './suite.ts'
import { launchWebKit } from './webkit.ts'

engineSuite('WebKit', 'zh', launchWebKit)
