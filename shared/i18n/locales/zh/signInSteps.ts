import type { MessagesOf } from '../../types.ts'
import type en from '../en/signInSteps.ts'

/** 密码之后的登录步骤：邮箱验证码、提示页与密码过期提醒。 */
const zh: MessagesOf<typeof en> = {
  codeLegend: '邮箱验证码',
  codeSent: '我们已向 {{email}} 发送 6 位验证码，5 分钟内有效。',
  codeLabel: '6 位验证码',
  codeHint: '粘贴或输入邮件中的验证码。',
  codeWrong: '验证码错误，请检查邮件后重试。',
  codeExpired: '验证码已过期，请重新获取。',
  codeFormat: '请输入 6 位数字验证码。',
  resend: '重新发送验证码',
  resendIn: '{{seconds}} 秒后可重新发送',
  resendReady: '现在可以重新发送验证码。',
  resendSent: '新的验证码已发送。',
  resendAt: '您可以在 {{time}} 之后重新获取验证码。',
  otherAddress: '本次登录已在另一个标签页中换成其他邮箱。请核对邮箱，再输入该账号的密码。',
  flowExpired: '本次登录已超时或已在别处完成，请重新输入邮箱。',
  notActivatedTitle: '产品未开通',
  notActivatedText: '{{email}} 尚未开通任何产品，暂时无法进入。请联系管理员为您的账号开通产品。',
  contactAdmin: '您的账号可能还需要绑定产品：请联系管理员进行账号绑定。',
  backToSignIn: '返回登录',
  reminderTitle: '请更换密码',
  reminderText: '您的密码已超过 3 个月未更换。为保障账号安全，请立即更换。',
  changeNow: '立即更换',
  later: '稍后',
  changeTitle: '更换密码',
  changeFor: '账号 {{email}}。请输入当前密码，再输入两次新密码。',
  currentPassword: '当前密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  changeSave: '更换密码',
  changeWorking: '正在更换…',
  changeLater: '暂不更换，继续',
}
export default zh
