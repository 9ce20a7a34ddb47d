import { type EngineDriver, HANG_GUARD_MS } from './driver.ts'

/**
 * A page as a person uses it, on any EngineDriver: fields by their label, buttons and links by
 * their text, waits that end when what they wait for is on the screen. An element found in the
 * page gets a `data-engine-target` mark, and the driver types into or clicks that mark.
 */

/** JavaScript (run in the page) that finds one visible element; `null` when there is none. */
type Finder = string

const VISIBLE = `(el) => !!el && !el.closest('[hidden],[inert]') && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'`
const text = (value: string) => JSON.stringify(value)

/** The field a `<label>` reading `label` names (its text exactly, else the text it starts with). */
export function field(label: string): Finder {
  return `(() => {
    const labels = Array.from(document.querySelectorAll('label')).filter((l) => (${VISIBLE})(l.control))
    const read = (l) => l.innerText.replace(/\\s+/g, ' ').trim()
    const label = labels.find((l) => read(l) === ${text(label)}) ?? labels.find((l) => read(l).startsWith(${text(label)}))
    return label ? label.control : null
  })()`
}

/** A button (or submit input) whose text is `name`. */
export function button(name: string, within = 'document'): Finder {
  return `Array.from(${within}.querySelectorAll('button, input[type=submit], [role=button]')).find((el) => (${VISIBLE})(el) && (el.innerText || el.value || '').replace(/\\s+/g, ' ').trim() === ${text(name)}) ?? null`
}

/** A link whose text is `name`, inside the element `within` (a CSS selector) when given. */
export function link(name: string, within?: string): Finder {
  const scope = within ? `document.querySelector(${text(within)})` : 'document'
  return `(${scope} ? Array.from(${scope}.querySelectorAll('a[href]')) : []).find((el) => (${VISIBLE})(el) && el.innerText.replace(/\\s+/g, ' ').trim() === ${text(name)}) ?? null`
}

/** The first visible element matching a CSS selector. */
export function css(selector: string): Finder {
  return `Array.from(document.querySelectorAll(${text(selector)})).find((el) => (${VISIBLE})(el)) ?? null`
}

export class Ui {
  private marks = 0
  readonly driver: EngineDriver
  readonly baseUrl: string
  constructor(driver: EngineDriver, baseUrl: string) {
    this.driver = driver
    this.baseUrl = baseUrl
  }

  /** Waits until `expression` (run in the page) is truthy and returns its value. */
  async waitFor<T>(what: string, expression: string): Promise<T> {
    const deadline = Date.now() + HANG_GUARD_MS
    let last: unknown
    while (Date.now() < deadline) {
      // A navigation under way can make one evaluation fail: the next one reads the new page.
      last = await this.driver.evaluate<T>(expression).catch((error: unknown) => error)
      if (last && !(last instanceof Error)) return last as T
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const screen = await this.driver
      .evaluate<string>(`location.href + '\\n' + (document.body?.innerText ?? '').slice(0, 600)`)
      .catch(() => '(unreadable)')
    throw new Error(
      `waited ${HANG_GUARD_MS / 1000} s for ${what}; last: ${String(last)}; the page: ${screen}`,
    )
  }

  /**
   * Opens a link from an e-mail as a new visit: from a blank page, so a link to the page already
   * shown (a reset link's `#id=`) loads it rather than moving within it.
   */
  async openEmailedLink(link: string): Promise<void> {
    await this.driver.goto('about:blank')
    // The sandbox's outbox keeps the path; the mail a person gets has this site's origin.
    await this.driver.goto(new URL(link, this.baseUrl).href)
    await this.hydrated()
  }

  /** Loads a page of the site and waits until React has taken it over. */
  async open(pathname: string): Promise<void> {
    await this.driver.goto(`${this.baseUrl}${pathname}`)
    await this.hydrated()
  }

  hydrated(): Promise<unknown> {
    return this.waitFor('the page to hydrate', `document.querySelector('[data-hydrated="true"]') !== null`)
  }

  /** Waits for the element `finder` finds and returns a CSS selector of it. */
  private async mark(what: string, finder: Finder): Promise<string> {
    const id = `m${++this.marks}`
    await this.waitFor(
      what,
      `(() => { const el = ${finder}; if (!el) return false; el.setAttribute('data-engine-target', ${text(id)}); return true })()`,
    )
    return `[data-engine-target="${id}"]`
  }

  async fill(label: string, value: string): Promise<void> {
    await this.driver.type(await this.mark(`the field “${label}”`, field(label)), value)
  }

  async typeInto(what: string, finder: Finder, value: string): Promise<void> {
    await this.driver.type(await this.mark(what, finder), value)
  }

  async click(what: string, finder: Finder): Promise<void> {
    await this.driver.click(await this.mark(what, finder))
  }

  /** Waits until the page's visible text contains `expected`. */
  async see(expected: string, within = 'body'): Promise<void> {
    await this.waitFor(
      `“${expected}” in ${within}`,
      `(document.querySelector(${text(within)})?.innerText ?? '').replace(/\\s+/g, ' ').includes(${text(expected)})`,
    )
  }

  /** Waits until the address bar shows `pathname` (and `search`, when given). */
  async at(pathname: string, search?: string): Promise<void> {
    await this.waitFor(
      `the URL ${pathname}${search ?? ''}`,
      `location.pathname === ${text(pathname)}${search === undefined ? '' : ` && location.search === ${text(search)}`}`,
    )
  }

  /** A mark on the window: still there after a client-side navigation, gone after a page load. */
  async markWindow(): Promise<void> {
    await this.driver.evaluate(`(window.__engineMark = true)`)
  }

  windowIsMarked(): Promise<boolean> {
    return this.driver.evaluate<boolean>(`window.__engineMark === true`)
  }
}
