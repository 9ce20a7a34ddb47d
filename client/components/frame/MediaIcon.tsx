import { MEDIA_PREFIX } from '../../../shared/frame/constants.ts'

/** A decorative square picture of the frame's media folder (menus, cards, social links), loaded lazily. */
export function MediaIcon({ className, name, size }: { className: string; name: string; size: number }) {
  return (
    <img
      className={className}
      src={`${MEDIA_PREFIX}${name}`}
      width={size}
      height={size}
      alt=""
      loading="lazy"
    />
  )
}
