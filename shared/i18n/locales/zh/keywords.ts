import type { MessagesOf } from '../../types.ts'
import type en from '../en/keywords.ts'

export default {
  home: '客服系统, 呼叫中心, 智能机器人, 在线客服, 工单系统, WhatsApp API',
  default: '智齿科技, 客服系统, 呼叫中心',
  pages: {
    chatbot: '智能机器人, AI 客服机器人, 自动应答',
    livechat: '在线客服, 网站聊天, 客服系统',
    voice: '云呼叫中心, 呼入电话, IVR, 联络中心',
    ticketing: '工单系统, 服务台, 客户请求, SLA',
    whatsapp: 'WhatsApp API, WhatsApp Business, 消息营销, 群发',
    voiceForSales: '外呼系统, 销售外呼, 电话营销',
    voicebot: '语音机器人, 语音 AI, 自动外呼, IVR',
    ai: 'AI 客服, 自动化, 生成式 AI',
    omnichannel: '全渠道客服, 统一收件箱, 客服渠道',
    marketing: '对话式营销, 营销活动, WhatsApp 营销',
    retail: '电商客服, 零售, 网店客服',
    financial: '金融客服, 银行客服, 合规',
    customers: '智齿客户, 客户案例, 客户故事',
    help: '智齿帮助, 使用指南, 常见问题',
    developer: '智齿 API, SDK, 开发者文档, 集成',
    sobotapp: '智齿 App, 移动客服, iOS, Android',
    blog: '客服博客, 呼叫中心技巧',
    deliver: '上线实施, 培训, 客户成功',
    about: '关于智齿, 公司介绍, 联系方式',
    privacy: '隐私政策, 个人信息, 数据保护',
    terms: '服务条款, 协议, 使用条件',
    dpa: '数据处理协议, DPA, GDPR',
    demo: '智齿演示, 产品演示, 联系销售',
  },
} as const satisfies MessagesOf<typeof en>
