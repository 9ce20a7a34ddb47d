import type { MessagesOf } from '../../types.ts'
import type en from '../en/sso.ts'

const zh: MessagesOf<typeof en> = {
  heading: '企业账号',
  microsoft: '使用微软账号登录',
  samlLegend: '使用公司身份提供商登录（SAML）',
  samlId: '公司 SSO ID',
  samlSubmit: '使用公司 SSO',
  failTitle: '登录失败',
  failText: '系统异常：无法通过身份提供商完成登录，请重试。',
  failBack: '返回登录',
  restrictTitle: '无桌面工作台权限',
  restrictText: '您的账号没有使用桌面工作台的权限。请联系管理员开通后重新登录。',
  errors: {
    cancelled: '已在身份提供商处取消登录。',
    '700014': '该环境中不存在此账号，请重新输入或注册。',
    '700623': '该账号未开启微软验证。',
    '700624': '该微软账号未绑定任何账号，请联系管理员绑定。',
    '700625': '该产品已禁用密码登录，请使用微软登录。',
    '700626': '该公司 ID 未开启单点登录。',
    '700627': '该服务提供商账号未绑定任何账号，请联系管理员绑定。',
  },
}
export default zh
