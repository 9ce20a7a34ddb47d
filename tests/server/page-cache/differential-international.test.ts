import { differential } from './differential.ts'

// One file per edition: each stays well inside the per-file time-out on a busy machine.
differential('international')
