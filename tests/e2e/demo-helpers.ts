import { expect, type Page } from '@playwright/test'
import { demoReservation } from './sandbox.ts'

/**
 * The booking went through for `email`: the done page says so (title, and the address in its
 * status), and the sandbox recorded it with these products and notes.
 */
export async function expectBooked(
  page: Page,
  T: { doneTitle: string; doneBody: string },
  email: string,
  booked: { products: string[]; notes: string },
) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.doneTitle)
  await expect(page.getByRole('status')).toHaveText(T.doneBody.replace('{{email}}', email))
  const mine = await demoReservation(email)
  expect(mine?.products).toEqual(booked.products)
  expect(mine?.notes).toBe(booked.notes)
}
