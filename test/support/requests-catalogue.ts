// Normalised requests of every kind, with a valid answer each, for element tests.
import type { InteractionRequest } from '../../src/protocol/request.js';
import type { UserAnswer } from '../../src/rules/answers.js';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../../src/rules/normalize.js';

const ids = (id: string) => ({ request_id: id, session_id: 's-1' });
const execution = resolveContext();
const grilling = resolveContext({ run_mode: 'grilling' });

export interface CatalogueEntry {
  tag: 'approval-dialog' | 'questionnaire-form';
  request: InteractionRequest;
  answer: UserAnswer;
}

export const catalogue: Record<string, CatalogueEntry> = {
  'approval high': {
    tag: 'approval-dialog',
    request: normalizeApproval({ title: '发布确认', message: '发布 v2.3 到生产环境？', severity: 'high', details: 'commit 8f3e2a1\n3 services' }, ids('a-high')),
    answer: { approve: false, note: '太危险' },
  },
  'approval low': {
    tag: 'approval-dialog',
    request: normalizeApproval({ message: 'Create branch?', severity: 'low' }, ids('a-low')),
    answer: { approve: true },
  },
  text: {
    tag: 'questionnaire-form',
    request: normalizeInput({ message: 'Project name?', title: 'Setup' }, ids('t-1'), execution),
    answer: { text: 'aik' },
  },
  'choice with free text': {
    tag: 'questionnaire-form',
    request: normalizeInput({ message: 'Environment?', input_mode: 'choice', options: [{ label: 'Production', value: 'prod', description: 'Customers see it' }, 'Staging'] }, ids('c-1'), execution),
    answer: { values: ['prod'] },
  },
  'multi-choice with free text': {
    tag: 'questionnaire-form',
    request: normalizeInput({ message: 'Which files?', input_mode: 'multi_choice', options: ['x', 'y', 'z'] }, ids('m-1'), execution),
    answer: { values: ['x', 'z'], text: 'w' },
  },
  'questionnaire of four': {
    tag: 'questionnaire-form',
    request: normalizeInput(
      {
        message: '请选择方案',
        questions: [
          { header: '兼容策略', id: 'compat', question: '是否保留旧结构？', options: [{ label: '彻底重做', description: '移除旧结构' }, '保留'] },
          { id: 'region', question: '部署区域？', options: ['cn-north', 'cn-east'] },
          { id: 'window', question: '维护窗口？', options: ['今晚', '周六'] },
          { id: 'notify', question: '通知用户？', options: ['是', '否'] },
        ],
      },
      ids('q-4'),
      execution,
    ),
    answer: { answers: { compat: { value: '彻底重做' }, region: { custom: 'ap-southeast' }, window: { value: '周六' }, notify: { value: '是' } } },
  },
  'grilling checkpoint': {
    tag: 'questionnaire-form',
    request: normalizeInput(
      { message: '拷问总结：范围已明确。', purpose: 'grill_checkpoint', questions: [{ id: 'grill_next_action', question: '下一步？', options: [{ label: '确认并执行', value: 'execute' }, { label: '继续拷问', value: 'continue' }] }] },
      ids('g-1'),
      grilling,
    ),
    answer: { answers: { grill_next_action: { value: 'execute' } } },
  },
};
