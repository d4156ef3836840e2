import { isUploadedProjectIcon, PROJECT_ICONS, projectIconKey } from '@buglet/contracts';
import icon1 from '../../assets/project-icons/project-icon-1.svg';
import icon2 from '../../assets/project-icons/project-icon-2.svg';
import icon3 from '../../assets/project-icons/project-icon-3.svg';
import icon4 from '../../assets/project-icons/project-icon-4.svg';
import icon5 from '../../assets/project-icons/project-icon-5.svg';
import icon6 from '../../assets/project-icons/project-icon-6.svg';
import icon7 from '../../assets/project-icons/project-icon-7.svg';
import icon8 from '../../assets/project-icons/project-icon-8.svg';
import icon9 from '../../assets/project-icons/project-icon-9.svg';
import icon10 from '../../assets/project-icons/project-icon-10.svg';
import { assetUrl } from '../../lib/http.ts';

const URLS = [icon1, icon2, icon3, icon4, icon5, icon6, icon7, icon8, icon9, icon10];

export const DEFAULT_PROJECT_ICON = 'project-icon-1';

/**
 * The stored value names one of the bundled covers (by key, 'project-icon-3', or by the address
 * the original's client stores for it) or is an uploaded image; anything else shows the first.
 */
export function projectIconUrl(value: string | null | undefined): string {
  if (isUploadedProjectIcon(value)) return assetUrl(value) ?? icon1;
  const key = projectIconKey(value);
  const index = key ? PROJECT_ICONS.indexOf(key) : -1;
  return URLS[index] ?? icon1;
}

export const PROJECT_ICON_CHOICES = PROJECT_ICONS.map((key) => ({ key, url: projectIconUrl(key) }));
