import type { ReactNode } from 'react'

/** Small inline icons; decorative (the control around them carries the name). */

function InlineIcon({ className, size, children }: { className: string; size: number; children: ReactNode }) {
  return (
    <svg
      className={className}
      width={String(size)}
      height={String(size)}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

/** An unfilled path drawn in the text colour with round ends. */
function OpenLine({ d, width, roundJoins }: { d: string; width: string; roundJoins?: boolean }) {
  return (
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth={width}
      strokeLinecap="round"
      strokeLinejoin={roundJoins ? 'round' : undefined}
    />
  )
}

export function MenuIcon() {
  return (
    <InlineIcon className="fr-icon" size={24}>
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </InlineIcon>
  )
}

export function CloseIcon() {
  return (
    <InlineIcon className="fr-icon" size={24}>
      <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </InlineIcon>
  )
}

export function ChevronIcon() {
  return (
    <InlineIcon className="fr-chevron" size={12}>
      <OpenLine d="M2.5 4.5L6 8l3.5-3.5" width="1.6" roundJoins />
    </InlineIcon>
  )
}

export function GlobeIcon() {
  return (
    <InlineIcon className="fr-icon-sm" size={16}>
      <g fill="none" stroke="currentColor" strokeWidth="1.3">
        <circle cx="8" cy="8" r="6.5" />
        <path d="M1.5 8h13M8 1.5c2 2 2.8 4 2.8 6.5S10 12.5 8 14.5M8 1.5C6 3.5 5.2 5.5 5.2 8S6 12.5 8 14.5" />
      </g>
    </InlineIcon>
  )
}

export function ExternalIcon() {
  return (
    <InlineIcon className="fr-icon-xs" size={12}>
      <OpenLine d="M5 2H2v8h8V7M7 1.5h3.5V5M10.5 1.5L5.5 6.5" width="1.3" />
    </InlineIcon>
  )
}
