import { PRODUCTS } from '../schemas/signUpChoices.ts'

type Product = (typeof PRODUCTS)[number]

/** What a language's `frame` namespace has of its menu items. */
interface MenuItemTitles {
  readonly items: Readonly<Record<string, { readonly title: string }>>
}

/**
 * The products' names on the demo form and in the sign-up questionnaire: the menu's, so a product
 * has one name per language (issue 18 point 16). A product's menu item is its id in camel case
 * (`voice-for-sales` → `voiceForSales`).
 */
export function productNames(frame: MenuItemTitles): Record<Product, string> {
  const names = {} as Record<Product, string>
  for (const product of PRODUCTS) {
    const item = product.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())
    const title = frame.items[item]?.title
    if (title === undefined) throw new Error(`No menu item "${item}" names the product "${product}"`)
    names[product] = title
  }
  return names
}
