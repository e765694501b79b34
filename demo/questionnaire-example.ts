// The four-question questionnaire of the screenshots in docs/, in both languages: the gallery
// shows it, and the layout test measures it against its 520 px bound (a card fits a chat column).
export function migrationQuestionnaire(en: boolean): Record<string, unknown> {
  return {
    title: en ? 'Plan the migration' : '迁移方案',
    message: en ? 'A few decisions before I start.' : '开始前需要你做几个决定。',
    timeout_seconds: 600,
    questions: [
      { header: en ? 'Schema' : '兼容策略', id: 'compat', question: en ? 'Keep the old schema?' : '是否保留旧结构？', options: [{ label: en ? 'Rebuild' : '彻底重做', description: en ? 'Drop the old tables' : '移除旧结构' }, en ? 'Keep' : '保留'] },
      { header: en ? 'Region' : '区域', id: 'region', question: en ? 'Deploy where first?' : '先部署到哪里？', options: ['cn-north', 'cn-east', 'ap-southeast'] },
      { id: 'window', question: en ? 'Maintenance window?' : '维护窗口？', options: [en ? 'Tonight 22:00' : '今晚 22:00', en ? 'Saturday' : '周六'] },
      { id: 'notify', question: en ? 'Notify users?' : '通知用户？', options: [en ? 'Yes, by email' : '是，发邮件', en ? 'No' : '否'] },
    ],
  };
}
