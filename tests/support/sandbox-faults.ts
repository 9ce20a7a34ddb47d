/** `PUT /__sandbox/faults` on one region server; throws when the sandbox refuses the fault. */
export async function armFault(baseUrl: string, fault: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseUrl}/__sandbox/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  })
  if (!response.ok) throw new Error(`fault refused: ${response.status} ${await response.text()}`)
}

/** Clears the faults of one region server. */
export async function clearFault(baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/__sandbox/faults`, { method: 'DELETE' })
}
