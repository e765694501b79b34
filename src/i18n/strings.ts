// Every visible and spoken string of the elements, in zh-CN (the default) and en. The names of
// controls equal their visible labels (DESIGN §6): tests and users rely on them.

const zhCN = {
  approve: '批准',
  confirmApproval: '确认批准',
  reject: '拒绝',
  rejectionNote: '拒绝理由（可选）',
  details: '详情',
  submit: '提交',
  useAllRecommended: '全部采用推荐',
  recommended: '推荐',
  custom: '自定义',
  customText: '自定义内容',
  loadPreview: '加载预览',
  answer: '回答',
  anythingElse: '补充说明（可选）',
  confirmHint: '高风险操作：请再次确认。',
  back: '返回',
  showAllText: (n: number) => `展开全文（共 ${n} 字）`,
  showAllOptions: (n: number) => `显示全部 ${n} 项`,
  filterOptions: '筛选选项',
  /** The rules' default titles (sent to the model in Chinese) as the UI shows them. */
  defaultTitles: { 请确认: '请确认', 需要你的输入: '需要你的输入' } as Record<string, string>,
  severity: { low: '低风险', medium: '中风险', high: '高风险' },
  requestedBy: '来自',
  remaining: (time: string) => `剩余 ${time}`,
  remainingSpoken: (time: string) => `剩余时间 ${time}`,
  minutesSeconds: (m: number, s: number) => (m > 0 ? (s > 0 ? `${m} 分 ${s} 秒` : `${m} 分钟`) : `${s} 秒`),
  grillCheckpoint: '拷问检查点',
  grillCheckpointHint: '这是拷问阶段的总结决定：确认后代理将开始执行。',
  autoSelectHint: '超时将自动采用推荐选项。',
  state: {
    pending: '待回答',
    submitting: '正在提交…',
    answered: '已回答',
    expired: '已超时',
    cancelled: '已取消',
  },
  receipt: {
    approved: '已批准',
    answer: '你的回答',
    rejected: '已拒绝',
    note: '理由',
    autoSelected: '已超时，自动采用了推荐选项',
    timeout: '已超时，未回答',
    cancelled: '请求已被撤回',
    dismissed: '已取消',
    declined: '已拒绝',
    late: '已过期：你的回答在截止时间之后才送达',
  },
  problems: {
    text_required: '请输入回答。',
    choose_one: '请选择一个选项。',
    choose_at_least_one: '请至少选择一项。',
    unknown_option: '请选择一个选项。',
    free_text_not_allowed: '此问题不接受自定义回答。',
    custom_text_required: '请填写自定义内容。',
    unanswered: '请回答此问题。',
    wrong_answer_kind: '无法提交此回答。',
    invalid_email: '请输入有效的邮箱地址。',
    invalid_uri: '请输入完整的网址（例如 https://example.com）。',
    invalid_date: '请按 YYYY-MM-DD 输入有效日期。',
    invalid_date_time: '请按 YYYY-MM-DDThh:mm 加时区输入（例如 2026-12-01T09:30+08:00）。',
    too_short: '内容太短。',
    too_long: '内容太长。',
    pattern_mismatch: '格式不符合要求。',
    not_a_number: '请输入数字。',
    not_an_integer: '请输入整数。',
    too_small: '数值太小。',
    too_large: '数值太大。',
    too_few: '选择的项太少。',
    too_many: '选择的项太多。',
  },
  form: {
    optional: '（可选）',
    other: '其他',
    otherText: '其他内容',
    yes: '是',
    no: '否',
    decline: '拒绝',
    dismiss: '取消',
    formats: {
      email: '邮箱，例如 name@example.com',
      uri: '网址，例如 https://example.com',
      date: '日期，YYYY-MM-DD',
      'date-time': '日期时间，例如 2026-12-01T09:30+08:00',
    },
    range: (min?: number, max?: number) =>
      min !== undefined && max !== undefined ? `${min} 到 ${max} 之间` : min !== undefined ? `不小于 ${min}` : `不大于 ${max}`,
    length: (min?: number, max?: number) =>
      min !== undefined && max !== undefined ? `${min} 到 ${max} 个字符` : min !== undefined ? `至少 ${min} 个字符` : `最多 ${max} 个字符`,
    items: (min?: number, max?: number) =>
      min !== undefined && max !== undefined ? `选择 ${min} 到 ${max} 项` : min !== undefined ? `至少选择 ${min} 项` : `最多选择 ${max} 项`,
    wholeNumber: '整数',
  },
  link: {
    opensInNewTab: '将在新标签页中打开：',
    open: '打开链接',
    openAgain: '再次打开',
    warnings: {
      punycode: '此网址的域名含有编码的国际字符（Punycode），可能在模仿其他网站。',
      mixed_script: '此网址的域名混用了多种文字，可能在模仿其他网站。',
      insecure: '此网址未加密（http）。',
      credentials: '此网址在域名前带有用户信息，真正的域名是高亮部分。',
    },
    waiting: '已打开，等待对方完成…',
    complete: '对方已确认完成。',
  },
  artifacts: {
    kind: { image: '图片', document: '文档', archive: '压缩包', media: '音视频', other: '文件' },
    open: '打开',
    copyPath: '复制路径',
    copied: '已复制',
    localOnly: '仅本地',
    delivered: '已发送',
    skipped: '未发送',
    failed: '发送失败',
    summary: (provider: string, a: number, b: number, c: number) =>
      `${provider}：已发送 ${a} · 失败 ${b} · 未发送 ${c}`,
    previewOf: (name: string) => `${name} 预览`,
    list: '文件',
    sending: '正在发送…',
  },
  host: {
    connection: { connecting: '正在连接…', open: '已连接', reconnecting: '连接中断，正在重连…', closed: '已断开' },
    superseded: '此会话已在其他窗口打开。',
    takeBack: '在此处继续',
    newRequest: (title: string) => `新请求：${title}`,
    requests: '请求',
  },
  providers: { feishu: '飞书', dingtalk: '钉钉', wecom: '企业微信' } as Record<string, string>,
  reasons: {
    delivery_skipped_missing_runtime_target_or_credentials: '未配置发送目标或凭据',
    delivery_skipped_native_file_upload_not_available: '该渠道不支持上传本地文件',
    'upload_image_failed:image_too_large_over_10mb': '图片超过 10 MB，无法上传',
    'upload_file_failed:file_too_large_over_30mb': '文件超过 30 MB，无法上传',
    delivery_failed: '发送失败',
    not_available_for_channel: '当前渠道不支持发送文件，仅列出',
    // Families, for codes with a detail after the colon (e.g. upload_file_failed:network_timeout).
    upload_file_failed: '文件上传失败',
    upload_image_failed: '图片上传失败',
    failed: '发送失败',
  } as Record<string, string>,
  withDetail: (text: string, detail: string) => `${text}（${detail}）`,
};

export type Strings = typeof zhCN;

const en: Strings = {
  approve: 'Approve',
  confirmApproval: 'Confirm approval',
  reject: 'Reject',
  rejectionNote: 'Reason (optional)',
  details: 'Details',
  submit: 'Submit',
  useAllRecommended: 'Use all recommended',
  recommended: 'Recommended',
  custom: 'Custom',
  customText: 'Your answer',
  loadPreview: 'Load preview',
  answer: 'Answer',
  anythingElse: 'Anything else (optional)',
  confirmHint: 'High-risk action: confirm once more.',
  back: 'Back',
  showAllText: (n) => `Show all (${n} characters)`,
  showAllOptions: (n) => `Show all ${n}`,
  filterOptions: 'Filter options',
  defaultTitles: { 请确认: 'Please confirm', 需要你的输入: 'Your input is needed' },
  severity: { low: 'Low risk', medium: 'Medium risk', high: 'High risk' },
  requestedBy: 'From',
  remaining: (time) => `${time} left`,
  remainingSpoken: (time) => `${time} left`,
  minutesSeconds: (m, s) => (m > 0 ? (s > 0 ? `${m} min ${s} s` : `${m} min`) : `${s} seconds`),
  grillCheckpoint: 'Grilling checkpoint',
  grillCheckpointHint: 'This is the summary decision of the grilling phase: once confirmed, the agent starts executing.',
  autoSelectHint: 'When time runs out, the recommended answers are used.',
  state: {
    pending: 'Awaiting answer',
    submitting: 'Sending…',
    answered: 'Answered',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
  receipt: {
    approved: 'Approved',
    answer: 'Your answer',
    rejected: 'Rejected',
    note: 'Reason',
    autoSelected: 'Timed out: the recommended answers were used',
    timeout: 'Timed out without an answer',
    cancelled: 'The request was withdrawn',
    dismissed: 'Cancelled',
    declined: 'Declined',
    late: 'Expired: your answer arrived after the deadline',
  },
  problems: {
    text_required: 'Please enter an answer.',
    choose_one: 'Please choose one option.',
    choose_at_least_one: 'Please choose at least one option.',
    unknown_option: 'Please choose one option.',
    free_text_not_allowed: 'This question takes no custom answer.',
    custom_text_required: 'Please type your answer.',
    unanswered: 'Please answer this question.',
    wrong_answer_kind: 'This answer cannot be sent.',
    invalid_email: 'Please enter a valid email address.',
    invalid_uri: 'Please enter a full address (e.g. https://example.com).',
    invalid_date: 'Please enter a valid date as YYYY-MM-DD.',
    invalid_date_time: 'Please enter YYYY-MM-DDThh:mm with a time zone (e.g. 2026-12-01T09:30+08:00).',
    too_short: 'This is too short.',
    too_long: 'This is too long.',
    pattern_mismatch: 'This is not in the required format.',
    not_a_number: 'Please enter a number.',
    not_an_integer: 'Please enter a whole number.',
    too_small: 'This number is too small.',
    too_large: 'This number is too large.',
    too_few: 'Please choose more options.',
    too_many: 'Please choose fewer options.',
  },
  form: {
    optional: '(optional)',
    other: 'Other',
    otherText: 'Other',
    yes: 'Yes',
    no: 'No',
    decline: 'Decline',
    dismiss: 'Cancel',
    formats: {
      email: 'Email, e.g. name@example.com',
      uri: 'Web address, e.g. https://example.com',
      date: 'Date, YYYY-MM-DD',
      'date-time': 'Date and time, e.g. 2026-12-01T09:30+08:00',
    },
    range: (min, max) =>
      min !== undefined && max !== undefined ? `Between ${min} and ${max}` : min !== undefined ? `At least ${min}` : `At most ${max}`,
    length: (min, max) =>
      min !== undefined && max !== undefined ? `${min} to ${max} characters` : min !== undefined ? `At least ${min} characters` : `At most ${max} characters`,
    items: (min, max) =>
      min !== undefined && max !== undefined ? `Choose ${min} to ${max}` : min !== undefined ? `Choose at least ${min}` : `Choose at most ${max}`,
    wholeNumber: 'Whole number',
  },
  link: {
    opensInNewTab: 'Opens in a new tab:',
    open: 'Open link',
    openAgain: 'Open again',
    warnings: {
      punycode: 'This address’s domain holds encoded international characters (punycode): it may imitate another site.',
      mixed_script: 'This address’s domain mixes scripts: it may imitate another site.',
      insecure: 'This address is not encrypted (http).',
      credentials: 'This address has user details before the domain; the real domain is the highlighted part.',
    },
    waiting: 'Opened; waiting for the server to finish…',
    complete: 'The server reports it is done.',
  },
  artifacts: {
    kind: { image: 'Image', document: 'Document', archive: 'Archive', media: 'Audio or video', other: 'File' },
    open: 'Open',
    copyPath: 'Copy path',
    copied: 'Copied',
    localOnly: 'Local only',
    delivered: 'Sent',
    skipped: 'Not sent',
    failed: 'Failed',
    summary: (provider, a, b, c) => `${provider}: ${a} sent · ${b} failed · ${c} not sent`,
    previewOf: (name) => `Preview of ${name}`,
    list: 'Files',
    sending: 'Sending…',
  },
  host: {
    connection: { connecting: 'Connecting…', open: 'Connected', reconnecting: 'Connection lost, reconnecting…', closed: 'Disconnected' },
    superseded: 'This session is open in another window.',
    takeBack: 'Continue here',
    newRequest: (title) => `New request: ${title}`,
    requests: 'Requests',
  },
  providers: { feishu: 'Feishu', dingtalk: 'DingTalk', wecom: 'WeCom' },
  reasons: {
    delivery_skipped_missing_runtime_target_or_credentials: 'No delivery target or credentials are set up',
    delivery_skipped_native_file_upload_not_available: 'This channel cannot upload local files',
    'upload_image_failed:image_too_large_over_10mb': 'Image over 10 MB: too large to upload',
    'upload_file_failed:file_too_large_over_30mb': 'File over 30 MB: too large to upload',
    delivery_failed: 'Delivery failed',
    not_available_for_channel: 'This channel does not deliver files; listed only',
    upload_file_failed: 'File upload failed',
    upload_image_failed: 'Image upload failed',
    failed: 'Delivery failed',
  },
  withDetail: (text, detail) => `${text} (${detail})`,
};

export const LOCALES = { 'zh-CN': zhCN, en } as const;
export type Locale = keyof typeof LOCALES;
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Maps any BCP 47 tag to a supported locale: English for `en*`, else the default. */
export function toLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  return undefined;
}

export function stringsFor(locale: Locale): Strings {
  return LOCALES[locale];
}

/** A title as shown: the rules' Chinese default titles are translated, any other stays as sent. */
export function displayTitle(strings: Strings, title: string): string {
  return (Object.hasOwn(strings.defaultTitles, title) && strings.defaultTitles[title]) || title;
}

const lookup = (table: Record<string, string>, key: string) => (Object.hasOwn(table, key) && table[key]) || undefined;

/**
 * A reason code as a readable sentence. Codes are `family:detail` or bare: a known code reads as
 * its sentence, a known family (or any `…_failed`) as its sentence with the detail beside it;
 * anything else is shown as it is.
 */
export function reasonText(strings: Strings, code: string): string {
  const exact = lookup(strings.reasons, code);
  if (exact) return exact;
  const [family = '', ...rest] = code.split(':');
  const text = lookup(strings.reasons, family) ?? (family.endsWith('_failed') ? lookup(strings.reasons, 'failed') : undefined);
  const detail = rest.join(':');
  if (!text) return code;
  return detail ? strings.withDetail(text, detail) : text;
}
