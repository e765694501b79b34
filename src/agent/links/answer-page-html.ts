// The answer page's HTML (docs/links.md): the page that hosts one call's card, and the three pages
// that refuse a link (not valid, expired, sign in), in the language the browser asks for. No inline
// script or style: the page loads `answer-page.js` and `answer-page.css` from the runtime itself, and
// for a language beyond zh-CN and en that language's module (`answer-page-<tag>.js`) before them.

/** The twelve languages of the kit, in the order the docs list them; zh-CN is the default. */
export const PAGE_LOCALES = ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar', 'he'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

/** The languages the page's script carries; any other is its own module, loaded only by its page. */
export const SCRIPT_LOCALES: readonly PageLocale[] = ['zh-CN', 'en'];

/** The file of a language's module under the answer path (`answer-page-ja.js`), or undefined when the page's script carries it. */
export const localeScript = (locale: PageLocale): string | undefined => (SCRIPT_LOCALES.includes(locale) ? undefined : `answer-page-${locale}.js`);

/** What a page says: the answer page's title, and each refusal's heading and sentence. */
interface PageStrings {
  /** The card's section, for a screen reader's list of headings (the card's receipt is a level 3 heading). */
  section: string;
  title: string;
  invalid: [string, string];
  expired: [string, string];
  signIn: [string, string];
}

const STRINGS: Record<PageLocale, PageStrings> = {
  'zh-CN': {
    section: '请求',
    title: '待你处理的请求',
    invalid: ['此链接无效', '请确认链接完整，或请发送者重新发送。'],
    expired: ['此链接已过期', '回答的时间已过，这个请求已不再等待。'],
    signIn: ['请先登录', '此链接只属于收到它的人：请以该身份登录后再打开。'],
  },
  'zh-TW': {
    section: '請求',
    title: '待你處理的請求',
    invalid: ['此連結無效', '請確認連結完整，或請傳送者重新傳送。'],
    expired: ['此連結已過期', '回答的時間已過，這個請求已不再等待。'],
    signIn: ['請先登入', '此連結只屬於收到它的人：請以該身分登入後再開啟。'],
  },
  en: {
    section: 'Request',
    title: 'A request for you',
    invalid: ['This link is not valid', 'Check that the link is complete, or ask whoever sent it for a new one.'],
    expired: ['This link has expired', 'The time to answer has passed: the request is no longer waiting.'],
    signIn: ['Please sign in', 'This link belongs to the person it was sent to: sign in as them, then open it again.'],
  },
  ja: {
    section: 'リクエスト',
    title: 'あなたへのリクエスト',
    invalid: ['このリンクは無効です', 'リンクが完全か確認するか、送信者に新しいリンクを依頼してください。'],
    expired: ['このリンクは期限切れです', '回答の期限が過ぎたため、このリクエストはもう待っていません。'],
    signIn: ['サインインしてください', 'このリンクは送られた本人のものです。その本人としてサインインしてから開き直してください。'],
  },
  ko: {
    section: '요청',
    title: '처리할 요청',
    invalid: ['유효하지 않은 링크입니다', '링크가 완전한지 확인하거나 보낸 사람에게 새 링크를 요청하세요.'],
    expired: ['만료된 링크입니다', '응답 시간이 지나 이 요청은 더 이상 기다리지 않습니다.'],
    signIn: ['로그인하세요', '이 링크는 받은 사람만 쓸 수 있습니다. 그 사람으로 로그인한 뒤 다시 여세요.'],
  },
  es: {
    section: 'Solicitud',
    title: 'Una solicitud para ti',
    invalid: ['Este enlace no es válido', 'Comprueba que el enlace esté completo o pide uno nuevo a quien lo envió.'],
    expired: ['Este enlace ha caducado', 'El plazo para responder ha pasado: la solicitud ya no espera.'],
    signIn: ['Inicia sesión', 'Este enlace es de la persona a quien se envió: inicia sesión como ella y vuelve a abrirlo.'],
  },
  fr: {
    section: 'Demande',
    title: 'Une demande pour vous',
    invalid: ['Ce lien n’est pas valide', 'Vérifiez que le lien est complet, ou demandez-en un nouveau à son expéditeur.'],
    expired: ['Ce lien a expiré', 'Le délai de réponse est passé : la demande n’attend plus.'],
    signIn: ['Connectez-vous', 'Ce lien appartient à la personne à qui il a été envoyé : connectez-vous en tant qu’elle, puis rouvrez-le.'],
  },
  de: {
    section: 'Anfrage',
    title: 'Eine Anfrage an Sie',
    invalid: ['Dieser Link ist ungültig', 'Prüfen Sie, ob der Link vollständig ist, oder bitten Sie den Absender um einen neuen.'],
    expired: ['Dieser Link ist abgelaufen', 'Die Zeit zum Antworten ist vorbei: Die Anfrage wartet nicht mehr.'],
    signIn: ['Bitte anmelden', 'Dieser Link gehört der Person, an die er ging: Melden Sie sich als diese an und öffnen Sie ihn erneut.'],
  },
  'pt-BR': {
    section: 'Solicitação',
    title: 'Uma solicitação para você',
    invalid: ['Este link não é válido', 'Confira se o link está completo ou peça um novo a quem o enviou.'],
    expired: ['Este link expirou', 'O prazo para responder passou: a solicitação não espera mais.'],
    signIn: ['Entre na sua conta', 'Este link é da pessoa a quem foi enviado: entre como ela e abra-o de novo.'],
  },
  ru: {
    section: 'Запрос',
    title: 'Запрос для вас',
    invalid: ['Ссылка недействительна', 'Проверьте, что ссылка полная, или попросите отправителя прислать новую.'],
    expired: ['Срок действия ссылки истёк', 'Время на ответ вышло: запрос больше не ждёт.'],
    signIn: ['Войдите в систему', 'Эта ссылка принадлежит тому, кому её отправили: войдите под его именем и откройте её снова.'],
  },
  ar: {
    section: 'الطلب',
    title: 'طلب بانتظارك',
    invalid: ['هذا الرابط غير صالح', 'تحقق من أن الرابط كامل، أو اطلب رابطًا جديدًا ممن أرسله.'],
    expired: ['انتهت صلاحية هذا الرابط', 'انقضى وقت الرد: لم يعد الطلب بانتظار إجابة.'],
    signIn: ['يرجى تسجيل الدخول', 'هذا الرابط يخص الشخص الذي أُرسل إليه: سجّل الدخول باسمه ثم افتحه مجددًا.'],
  },
  he: {
    section: 'הבקשה',
    title: 'בקשה עבורך',
    invalid: ['הקישור אינו תקף', 'ודא שהקישור שלם, או בקש קישור חדש ממי ששלח אותו.'],
    expired: ['תוקף הקישור פג', 'זמן המענה עבר: הבקשה כבר אינה ממתינה.'],
    signIn: ['נא להתחבר', 'הקישור שייך לאדם שאליו נשלח: התחבר בשמו ופתח אותו שוב.'],
  },
};

/** A tag's language, and for Chinese its script (Traditional for Hant, TW, HK and MO). */
const family = (tag: string): string => (/^zh-(?!hans).*\b(hant|tw|hk|mo)\b/.test((tag = tag.toLowerCase())) ? 'zh-hant' : tag.replace(/-.*/, ''));

/** The first language of `Accept-Language` (by its q weights) that the kit speaks; else zh-CN. */
export function pageLocale(acceptLanguage: string | undefined): PageLocale {
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of asked) {
    const exact = PAGE_LOCALES.find((name) => name.toLowerCase() === tag.toLowerCase());
    const found = exact ?? PAGE_LOCALES.find((name) => family(name) === family(tag));
    if (found) return found;
  }
  return 'zh-CN';
}

/** Which page: the answer page (the card), or one of the three refusals. */
export type PageKind = 'answer' | 'invalid' | 'expired' | 'signIn';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page's HTML. `base` is the answer path (`/agent/answer`), where the script and the
 * stylesheet are served. A refusal says only what it is: nothing of the call.
 */
export function pageHtml(kind: PageKind, locale: PageLocale, base: string): string {
  const strings = STRINGS[locale];
  const dir = locale === 'ar' || locale === 'he' ? 'rtl' : 'ltr';
  const title = kind === 'answer' ? strings.title : strings[kind][0];
  const head =
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light dark">' +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${escapeHtml(base)}/answer-page.css">`;
  if (kind === 'answer') {
    // A language beyond zh-CN and en comes first, so that its table is registered before the cards render.
    const language = localeScript(locale);
    const scripts = `${language ? `<script type="module" src="${escapeHtml(base)}/${language}"></script>` : ''}<script type="module" src="${escapeHtml(base)}/answer-page.js"></script>`;
    return `${head}${scripts}</head><body><main><h1 class="visually-hidden">${escapeHtml(title)}</h1><h2 class="visually-hidden">${escapeHtml(strings.section)}</h2><interaction-host></interaction-host></main></body></html>`;
  }
  const [heading, sentence] = strings[kind];
  return `${head}</head><body><main class="refusal"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(sentence)}</p></main></body></html>`;
}

/** The pages' one stylesheet: a phone's width first, light and dark, nothing behind hover. */
export const PAGE_CSS = `:root{color-scheme:light dark;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;line-height:1.5;background:Canvas;color:CanvasText}
body{margin:0;min-height:100vh;min-height:100dvh}
main{box-sizing:border-box;max-width:40rem;margin-inline:auto;padding:max(12px,env(safe-area-inset-top)) max(12px,env(safe-area-inset-right)) max(12px,env(safe-area-inset-bottom)) max(12px,env(safe-area-inset-left))}
.refusal{padding-block-start:2.5rem}
.refusal h1{font-size:1.375rem;margin:0 0 .5rem}
.refusal p{margin:0;font-size:1rem}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;
