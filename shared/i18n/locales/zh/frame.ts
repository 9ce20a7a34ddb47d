import type { MessagesOf } from '../../types.ts'
import type en from '../en/frame.ts'

export default {
  brand: '智齿科技',
  logoAlt: '智齿科技首页',
  skipToContent: '跳到主要内容',
  newTab: '（在新标签页中打开）',
  nav: {
    label: '主导航',
    products: '产品',
    omnichannelService: '全渠道服务',
    salesMarketing: '销售与营销',
    solutions: '解决方案',
    useCases: '应用场景',
    industries: '行业',
    customers: '客户案例',
    resources: '资源',
    docs: '帮助与文档',
    explore: '探索',
    about: '关于我们',
    openMenu: '打开菜单',
    closeMenu: '关闭菜单',
    sideMenu: '网站菜单',
  },
  buttons: {
    login: '登录',
    freeTrial: '免费试用',
    bookDemo: '预约演示',
  },
  language: {
    label: '语言',
    en: 'English',
    zh: '中文',
  },
  footer: {
    label: '页脚',
    bannerTitle: '免费试用 15 天',
    bannerText: '零成本提升您的业务',
    bannerButton: '免费试用',
    emailPlaceholder: '您的企业邮箱',
    contactUs: '联系我们',
    support: '支持',
    supportText: '对智齿科技有疑问？请写信给我们：',
    followUs: '关注我们',
    social: {
      linkedin: '智齿科技的领英主页',
      youtube: '智齿科技的 YouTube 频道',
      facebook: '智齿科技的 Facebook 主页',
      twitter: '智齿科技的 X（Twitter）主页',
    },
    copyright: '© 智齿科技 版权所有',
  },
  home: {
    metaTitle: '智齿科技 | 一体化客户联络平台',
  },
  page: {
    defaultDescription: '智齿科技：一体化客户联络平台。',
  },
  items: {
    chatbot: {
      title: '智能机器人',
      desc: '全天候在每个渠道自动应答',
      alt: '智能机器人',
    },
    livechat: {
      title: '在线客服',
      desc: '在网站和应用中与访客交流',
      alt: '在线客服',
    },
    voice: {
      title: '云呼叫中心',
      desc: '处理呼入电话的云端呼叫中心',
      alt: '云呼叫中心',
    },
    ticketing: {
      title: '工单系统',
      desc: '跟踪每个请求直到解决',
      alt: '工单系统',
    },
    whatsapp: {
      title: 'WhatsApp API',
      desc: '在 WhatsApp 上规模化服务与销售',
      alt: 'WhatsApp API',
    },
    voiceForSales: {
      title: '销售外呼',
      desc: '为销售团队打造的外呼系统',
      alt: '销售外呼',
    },
    voicebot: {
      title: '语音机器人',
      desc: '能接听和拨打电话的 AI',
      alt: '语音机器人',
    },
    ai: {
      title: 'AI 智能',
      desc: '用 AI 自动处理常规问题',
      alt: 'AI 智能',
    },
    omnichannel: {
      title: '全渠道',
      desc: '所有渠道汇于一个工作台',
      alt: '全渠道',
    },
    marketing: {
      title: '营销',
      desc: '在客户常用的渠道触达客户',
      alt: '营销',
    },
    retail: {
      title: '电商零售',
      desc: '为网店和零售打造的客服',
      alt: '电商零售',
    },
    financial: {
      title: '金融服务',
      desc: '安全合规的客户服务',
      alt: '金融服务',
    },
    customers: {
      title: '客户案例',
      desc: '企业如何借助智齿成长',
      alt: '客户案例',
    },
    help: {
      title: '帮助中心',
      desc: '每个功能的指南与解答',
      alt: '帮助中心',
    },
    developer: {
      title: '开发者文档',
      desc: '基于智齿开发的 API 与 SDK',
      alt: '开发者文档',
    },
    productUpdates: {
      title: '产品动态',
      desc: '智齿的最新功能',
      alt: '产品动态',
    },
    sobotapp: {
      title: '移动应用',
      desc: '在手机上回复客户',
      alt: '移动应用',
    },
    blog: {
      title: '博客',
      desc: '提升客户服务的思路',
      alt: '博客',
    },
    deliver: {
      title: '交付与服务',
      desc: '上线、培训与支持',
      alt: '交付与服务',
    },
    about: {
      title: '关于我们',
      desc: '智齿背后的团队',
      alt: '关于智齿',
    },
    privacy: {
      title: '隐私保护政策',
      desc: '我们如何保护个人信息',
      alt: '隐私',
    },
    terms: {
      title: '服务条款',
      desc: '使用智齿的条款',
      alt: '服务条款',
    },
    dpa: {
      title: '数据处理协议',
      desc: '我们如何代表您处理数据',
      alt: '数据处理协议',
    },
    demo: {
      title: '预约演示',
      desc: '一对一了解智齿',
      alt: '演示',
    },
  },
} as const satisfies MessagesOf<typeof en>
