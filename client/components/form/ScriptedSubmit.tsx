import type { ComponentProps } from 'react'

interface ScriptedSubmitProps extends Omit<ComponentProps<'button'>, 'type' | 'onClick'> {
  /** What the page does itself when JavaScript runs, instead of posting the form. */
  onPress: () => void
}

/**
 * A submit button, so that a plain post (no JavaScript) says what was asked through the button's
 * `name`/`value` or the form's fields; with JavaScript the page does it and nothing is posted.
 */
export function ScriptedSubmit({ onPress, ...button }: ScriptedSubmitProps) {
  return (
    <button
      type="submit"
      {...button}
      onClick={(event) => {
        event.preventDefault()
        onPress()
      }}
    />
  )
}
