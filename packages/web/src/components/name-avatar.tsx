import { Avatar, type AvatarProps } from 'antd';
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
export function NameAvatar({ name, image, style, ...props }: NameAvatarProps) {
  const src = assetUrl(image);
  const hue = Array.from(name).reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0) % 360;
  return (
    <Avatar
      {...props}
      src={src}
      alt={name}
      style={src ? style : { backgroundColor: `hsl(${hue} 55% 52%)`, flexShrink: 0, ...style }}
    >
      {initials(name)}
    </Avatar>
  );
}
