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

/** How each driver says the marked element is no longer in the page. */
const REPLACED = /detached|no such element|NoSuchElement|StaleElementReference|No element found/i

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
    // ENGINE_TRACE=1: each wait with its time, to see where a slow journey spends it.
    if (process.env.ENGINE_TRACE) console.log(new Date().toISOString(), 'waiting for', what)
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

  /**
   * Waits for the element `finder` finds and returns a CSS selector of it. `atRest`: only an
   * enabled element that kept its place on the screen over two frames, as a person clicks it.
   * WebDriver's click reads the element's position, then clicks there: WebKit once refused the
   * demo's booking button as "not interactable" just after the captcha's "solved" line appeared
   * above it and moved the form. Waiting on the promise is the W3C Execute Script's rule, which
   * WebKit's driver and Puppeteer both keep.
   */
  private async mark(what: string, finder: Finder, atRest = false): Promise<string> {
    const id = `m${++this.marks}`
    const markIt = `el.setAttribute('data-engine-target', ${text(id)}); return true`
    await this.waitFor(
      what,
      atRest
        ? `(async () => {
            const el = ${finder}
            if (!el || el.disabled) return false
            el.scrollIntoView({ block: 'nearest', inline: 'nearest' })
            const place = () => JSON.stringify(el.getBoundingClientRect())
            const before = place()
            await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)))
            if (!el.isConnected || place() !== before) return false
            ${markIt}
          })()`
        : `(() => { const el = ${finder}; if (!el) return false; ${markIt} })()`,
    )
    return `[data-engine-target="${id}"]`
  }

  /**
   * Finds the element, marks it and acts on the mark. React may put a new element in place of the
   * one just marked (a step appearing, a re-render after hydration): it is found and marked again
   * then. Nothing was typed into or clicked on the replaced one that a person would have seen.
   */
  private async act(
    what: string,
    finder: Finder,
    action: (selector: string) => Promise<void>,
    atRest = false,
  ) {
    for (let attempt = 1; ; attempt++) {
      const selector = await this.mark(what, finder, atRest)
      try {
        return await action(selector)
      } catch (error) {
        const replaced = error instanceof Error && REPLACED.test(`${error.name} ${error.message}`)
        if (!replaced || attempt === 3) throw error
      }
    }
  }

  fill(label: string, value: string): Promise<void> {
    return this.act(`the field “${label}”`, field(label), (selector) => this.driver.type(selector, value))
  }

  typeInto(what: string, finder: Finder, value: string): Promise<void> {
    return this.act(what, finder, (selector) => this.driver.type(selector, value))
  }

  click(what: string, finder: Finder): Promise<void> {
    return this.act(what, finder, (selector) => this.driver.click(selector), true)
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
