// The strings of <questionnaire-form>, in zh-CN (the default) and en; the typed fields' hints and
// refusals are in fields.ts.
import type { Locale } from './locales.js';

const zhCN = {
  submit: '提交',
  skip: '跳过',
  /** In steps, Skip declines the whole questionnaire, not the question shown, and says so. */
  skipQuestionnaire: '跳过此问卷',
  discardQuestion: '放弃已填写的内容？',
  /** In steps, what Skip would discard: the answers given to the questionnaire's questions. */
  discardAnswers: (n: number) => `放弃已填写的 ${n} 个回答？`,
  keepEditing: '继续填写',
  noteKeys: 'Ctrl+Enter 提交',
  useAllRecommended: '全部采用推荐',
  needsAdapters: '这个问题要由适配器的部件显示（agent-interaction-kit/adapters 的 provideAdapterParts）。',
  filled: (n: number) => `已填写 ${n} 题`,
  step: (n: number, total: number) => `第 ${n} 题，共 ${total} 题`,
  back: '上一题',
  next: '下一题',
  change: '修改',
  review: '检查答案后提交',
  recommended: '推荐',
  custom: '自定义',
  customText: '自定义内容',
  answer: '回答',
  anythingElse: '补充说明（可选）',
  showAllOptions: (n: number) => `显示全部 ${n} 项`,
  filterOptions: '筛选选项',
  grillCheckpoint: '拷问检查点',
  grillCheckpointHint: '这是拷问阶段的总结决定：确认后代理将开始执行。',
  autoSelectHint: '超时时仍未回答的题，自动采用推荐选项。',
  filledAtTimeout: '超时自动选择',
  problems: {
    text_required: '请输入回答。',
    choose_one: '请选择一个选项。',
    choose_at_least_one: '请至少选择一项。',
    custom_text_required: '请填写自定义内容。',
    unanswered: '请回答此问题。',
  },
};

export type QuestionnaireStrings = typeof zhCN;

const en: QuestionnaireStrings = {
  submit: 'Submit',
  skip: 'Skip',
  skipQuestionnaire: 'Skip questionnaire',
  discardQuestion: 'Discard your answer?',
  discardAnswers: (n) => (n === 1 ? 'Discard the answer you gave?' : `Discard the ${n} answers you gave?`),
  keepEditing: 'Keep editing',
  noteKeys: 'Ctrl+Enter sends',
  useAllRecommended: 'Use all recommended',
  needsAdapters: 'This question needs the adapters’ parts (provideAdapterParts from agent-interaction-kit/adapters).',
  filled: (n: number) => (n === 1 ? 'Filled 1 question' : `Filled ${n} questions`),
  step: (n, total) => `Question ${n} of ${total}`,
  back: 'Back',
  next: 'Next',
  change: 'Change',
  review: 'Check your answers, then submit',
  recommended: 'Recommended',
  custom: 'Custom',
  customText: 'Your answer',
  answer: 'Answer',
  anythingElse: 'Anything else (optional)',
  showAllOptions: (n) => `Show all ${n}`,
  filterOptions: 'Filter options',
  grillCheckpoint: 'Grilling checkpoint',
  grillCheckpointHint: 'This is the summary decision of the grilling phase: once confirmed, the agent starts executing.',
  autoSelectHint: 'Questions still unanswered when time runs out take the recommended option.',
  filledAtTimeout: 'Chosen at timeout',
  problems: {
    text_required: 'Please enter an answer.',
    choose_one: 'Please choose one option.',
    choose_at_least_one: 'Please choose at least one option.',
    custom_text_required: 'Please type your answer.',
    unanswered: 'Please answer this question.',
  },
};

export const questionnaireStrings: Readonly<Record<Locale, QuestionnaireStrings>> = { 'zh-CN': zhCN, en };
