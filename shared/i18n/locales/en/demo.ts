import { productNames } from '../../product-names.ts'
import frame from './frame.ts'

/** Demo booking (/auth/demo, reached from the header's Book Demo). */
export default {
  metaTitle: 'Book a demo | Sobot',
  metaDescription: 'Book a free demo of the Sobot customer-contact suite with a product specialist.',
  title: 'Book a demo',
  intro: 'Tell us about your team and a product specialist will show you the suite on your own use case.',
  fullName: 'Full name (first and last)',
  email: 'Work email',
  company: 'Company',
  jobTitle: 'Job title',
  areaCode: 'Country code',
  phone: 'Phone',
  products: 'Products you are interested in (optional)',
  notes: 'Anything we should know? (optional)',
  submit: 'Book my demo',
  sending: 'Sending…',
  fixErrors: 'Please correct the highlighted fields.',
  doneTitle: 'Thank you, your demo request is in',
  doneBody:
    'A product specialist will contact you at {{email}} within one business day to agree on a time. Nothing else is needed from you now.',
  doneAgain: 'Book another demo',
  doneHome: 'Back to the home page',
  product: productNames(frame),
}
