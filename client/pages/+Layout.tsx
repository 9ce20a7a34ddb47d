import type { ReactNode } from 'react'
import '../styles/base.css'
import { Toaster } from '../components/Toaster.tsx'

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main" className="page">
        {children}
      </main>
      <Toaster />
    </>
  )
}
