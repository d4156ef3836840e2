import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18n, { currentLocale } from './i18n.ts';

/**
 * dayjs (dates, Ant Design's pickers) follows the language shown. Loaded with the app frame: the
 * sign-in page shows no dates and does not carry dayjs.
 */
const apply = () => void dayjs.locale(currentLocale() === 'en_US' ? 'en' : 'zh-cn');
apply();
i18n.on('languageChanged', apply);
