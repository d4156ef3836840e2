import { Avatar, type AvatarProps } from 'antd';
import { readableOnWhite } from '../lib/contrast.ts';
import { assetUrl } from '../lib/http.ts';

/** The first letters of a name: two characters of a single word, else the initials of the first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1)
    return words
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('');
  return Array.from(words[0] ?? '?')
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

interface NameAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  name: string;
  /** Uploaded image path; without one the initials stand in. */
  image?: string | null;
}

/** Avatar showing an uploaded image, or the name's first letters on a colour derived from the name. */
/** A colour of the hue dark enough for white initials to read (WCAG AA). */
function hueColour(hue: number): string {
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    const c = 0.5 * Math.min(0.45, 1 - 0.45);
    return Math.round(255 * (0.45 - c * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  const hex = [f(0), f(8), f(4)].map((v) => v.toString(16).padStart(2, '0')).join('');
  return readableOnWhite(`#${hex}`);
}

export function NameAvatar({ name, image, style, ...props }: NameAvatarProps) {
  const src = assetUrl(image);
  const hue = Array.from(name).reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0) % 360;
  return (
    <Avatar
      {...props}
      src={src}
      alt={name}
      style={src ? style : { backgroundColor: hueColour(hue), flexShrink: 0, ...style }}
    >
      {initials(name)}
    </Avatar>
  );
}
