// The pt-BR translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { ptBR } from '../../i18n/locales/pt-BR.js';

registerTranslation('pt-BR', ptBR);

export { ptBR };
