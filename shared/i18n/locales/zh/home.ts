import type { MessagesOf } from '../../types.ts'
import type en from '../en/home.ts'

export default {
  metaDescription:
    '智能机器人、在线客服、云呼叫中心、工单系统和 WhatsApp API，集于一个客户联络平台。立即免费试用 15 天。',
  eyebrow: '客户联络平台',
  title: '与客户的每一次对话，尽在一处',
  text: '在一个工作台中处理在线咨询、电话、工单和 WhatsApp 消息，常见问题交给 AI 自动回答。',
  imageAlt: '智齿工作台同时显示一个会话、一张工单和智能机器人',
  productsTitle: '覆盖每个渠道的产品',
  productsText: '从一个渠道开始，需要时再添加其他渠道。',
  solutionsTitle: '适合您团队的解决方案',
  solutionsText: '为您所在行业的客户沟通方式预先配置。',
  workflowTitle: '从第一条消息到满意的客户',
  workflowText:
    '所有渠道的会话进入同一个队列。机器人先回答能回答的问题，坐席带着完整的历史记录接手，报表告诉您下一步该改进什么。',
  workflowAlt: '来自多个渠道的消息汇入同一个队列并分配给坐席',
  learnMore: '了解更多',
} as const satisfies MessagesOf<typeof en>
