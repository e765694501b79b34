// What the run mode means, in each of the demo's twelve languages: the one line of the demo's
// own text that every language gets (the rest of its text is zh-CN or en), since the mode
// changes what a timeout and a session grant do.
import { demoLocaleOf, type DemoLocale } from './languages.js';

export interface RunModeText {
  execution: string;
  grilling: string;
}

export const RUN_MODES: Readonly<Record<DemoLocale, RunModeText>> = {
  'zh-CN': {
    execution: '执行：代理正在完成任务，有风险的操作先请你批准；问卷超时未答的题自动采用推荐选项。',
    grilling: '拷问：代理动手之前先向你问清需求；超时不替你作答，也不提供本会话授权，最后由检查点确认后才开始执行。',
  },
  'zh-TW': {
    execution: '執行：代理正在完成任務，有風險的操作會先請你核准；問卷逾時未答的題目自動採用建議選項。',
    grilling: '拷問：代理動手前先向你問清需求；逾時不會替你作答，也不提供本工作階段授權，最後由檢查點確認計畫後才開始執行。',
  },
  en: {
    execution: 'Execution: the agent is doing the work and asks before risky steps; questions still unanswered at a timeout take their recommended option.',
    grilling: 'Grilling: the agent questions you before it acts; a timeout answers nothing for you, no session grant is offered, and a checkpoint confirms the plan before it starts.',
  },
  ja: {
    execution: '実行：エージェントが作業を進めており、リスクのある操作の前に承認を求めます。タイムアウト時に未回答の質問には推奨の選択肢が入ります。',
    grilling: '詰問：エージェントは作業の前に要件を確認する質問をします。タイムアウトしても代わりに回答せず、このセッションでの許可も提示しません。最後にチェックポイントで計画を確認してから開始します。',
  },
  ko: {
    execution: '실행: 에이전트가 작업을 진행하며 위험한 작업 전에 승인을 요청합니다. 시간이 초과될 때까지 답하지 않은 질문에는 추천 옵션이 선택됩니다.',
    grilling: '질의: 에이전트가 작업 전에 요구 사항을 질문합니다. 시간이 초과되어도 대신 답하지 않고, 이 세션 허용도 제공하지 않으며, 마지막 체크포인트에서 계획을 확인한 뒤 시작합니다.',
  },
  es: {
    execution: 'Ejecución: el agente está haciendo el trabajo y te pide permiso antes de los pasos arriesgados; las preguntas sin responder al agotarse el tiempo toman su opción recomendada.',
    grilling: 'Interrogatorio: el agente te pregunta antes de actuar; al agotarse el tiempo no responde nada por ti, no ofrece permiso para la sesión y un punto de control confirma el plan antes de empezar.',
  },
  fr: {
    execution: 'Exécution : l’agent effectue le travail et demande votre accord avant les étapes risquées ; les questions restées sans réponse à l’expiration du délai prennent l’option recommandée.',
    grilling: 'Interrogatoire : l’agent vous pose ses questions avant d’agir ; à l’expiration du délai, rien n’est répondu à votre place, aucune autorisation de session n’est proposée, et un point de contrôle confirme le plan avant de commencer.',
  },
  de: {
    execution: 'Ausführung: Der Agent erledigt die Arbeit und fragt vor riskanten Schritten nach Ihrer Freigabe; Fragen, die bei Zeitablauf noch offen sind, erhalten die empfohlene Option.',
    grilling: 'Befragung: Der Agent klärt die Anforderungen mit Ihnen, bevor er handelt; bei Zeitablauf wird nichts für Sie beantwortet, keine Sitzungsfreigabe angeboten, und ein Kontrollpunkt bestätigt den Plan vor dem Start.',
  },
  'pt-BR': {
    execution: 'Execução: o agente está fazendo o trabalho e pede sua aprovação antes das etapas arriscadas; perguntas sem resposta quando o tempo acaba recebem a opção recomendada.',
    grilling: 'Sabatina: o agente faz perguntas antes de agir; quando o tempo acaba, nada é respondido por você, nenhuma permissão para a sessão é oferecida, e um ponto de verificação confirma o plano antes de começar.',
  },
  ru: {
    execution: 'Выполнение: агент выполняет задачу и спрашивает разрешения перед рискованными шагами; вопросы, оставшиеся без ответа к истечению времени, получают рекомендуемый вариант.',
    grilling: 'Опрос: агент задаёт вопросы до того, как действовать; по истечении времени ничего не отвечается за вас, разрешение на сеанс не предлагается, а контрольная точка подтверждает план перед началом.',
  },
  ar: {
    execution: 'التنفيذ: يُنجز الوكيل المهمة ويطلب موافقتك قبل الخطوات الخطرة؛ والأسئلة التي لم تُجب عنها عند انتهاء المهلة تأخذ الخيار الموصى به.',
    grilling: 'الاستجواب: يطرح الوكيل عليك الأسئلة قبل أن يتصرف؛ وعند انتهاء المهلة لا يُجيب عنك بشيء، ولا يعرض إذنًا للجلسة، وتؤكد نقطة تحقق الخطة قبل البدء.',
  },
  he: {
    execution: 'ביצוע: הסוכן מבצע את העבודה ומבקש את אישורך לפני צעדים מסוכנים; שאלות שלא נענו עד תום הזמן מקבלות את האפשרות המומלצת.',
    grilling: 'תחקור: הסוכן שואל אותך לפני שהוא פועל; בתום הזמן דבר לא נענה בשמך, לא מוצע אישור לסשן, ונקודת ביקורת מאשרת את התוכנית לפני ההתחלה.',
  },
};

/** The explanation in `locale`, one of the picker's tags or any tag of those languages; else English. */
export function runModeText(locale: string): RunModeText {
  return RUN_MODES[demoLocaleOf(locale) ?? 'en'];
}
