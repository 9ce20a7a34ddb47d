import type { MessagesOf } from '../../types.ts'
import type en from '../en/captcha.ts'

const zh: MessagesOf<typeof en> = {
  legend: '人机验证',
  question: '{{a}} 加 {{b}} 等于多少？',
  answer: '答案',
  check: '验证',
  start: '开始验证',
  another: '换一题',
  solved: '验证通过。',
  loading: '正在加载验证…',
  failed: '无法加载验证。',
  noScript: '未启用 JavaScript：请先提交表单，然后在下一页回答问题。',
  answerBelow: '请回答下面的问题，然后再次提交表单。',
  needsScript: '此验证需要 JavaScript：请启用后再次提交表单。',
  needsScriptFallback: '此验证需要 JavaScript。未启用时，请改为回答下面的问题，然后提交表单。',
}

export default zh
