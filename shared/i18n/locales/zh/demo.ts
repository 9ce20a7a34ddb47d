import { productNames } from '../../product-names.ts'
import frame from './frame.ts'

/** 预约演示（/auth/demo，页头“预约演示”进入）。 */
export default {
  metaTitle: '预约演示 | 智齿科技',
  metaDescription: '预约智齿客户联络套件的免费产品演示。',
  title: '预约演示',
  intro: '告诉我们您团队的情况，产品顾问会结合您的业务场景为您演示。',
  fullName: '姓名（名和姓）',
  email: '工作邮箱',
  company: '公司名称',
  jobTitle: '职位',
  areaCode: '国家/地区代码',
  phone: '电话',
  products: '感兴趣的产品（可选）',
  notes: '补充说明（可选）',
  submit: '提交预约',
  sending: '正在提交…',
  fixErrors: '请修改标出的字段。',
  doneTitle: '感谢您，演示预约已提交',
  doneBody: '产品顾问将在一个工作日内通过 {{email}} 与您联系并约定时间，您现在无需其他操作。',
  doneAgain: '再预约一次',
  doneHome: '返回首页',
  product: productNames(frame),
}
