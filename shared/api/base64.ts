/** Standard base64 of the UTF-8 bytes of `text` (the password of `account/sendVerifyCode`, spec §7). */
export function toBase64Utf8(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
