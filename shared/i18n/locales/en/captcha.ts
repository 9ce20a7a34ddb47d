/** The captcha of sign-in, sign-up and demo (client/components/captcha): loaded with those pages. */
export default {
  legend: 'Quick check that you are a person',
  question: 'What is {{a}} plus {{b}}?',
  answer: 'Answer',
  check: 'Check',
  start: 'Start the check',
  another: 'Another question',
  solved: 'Check passed.',
  loading: 'Loading the check…',
  failed: 'The check could not be loaded.',
  noScript: 'Without JavaScript: send the form, and answer the question on the next page.',
  answerBelow: 'Answer the question below, then send the form again.',
  needsScript: 'This check needs JavaScript: turn it on and send the form again.',
  needsScriptFallback:
    'This check needs JavaScript. Without it, answer the question below instead, then send the form.',
}
