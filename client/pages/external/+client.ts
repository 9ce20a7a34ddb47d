import { definePage } from '../../runtime/router.ts'
import Page from './+Page.tsx'

// This page's entry in the browser: hydrates it, or hands it to a client-side navigation (ADR 0102).
definePage(Page)
