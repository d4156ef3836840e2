import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.store.ts';
import { mottoOf, parseMyLife } from './my-life.ts';
import type { PanelProps } from './panel-row.tsx';

// The colour picker is large; it loads when the dialog is first opened.
const MyLifeDialog = lazy(() => import('./my-life-dialog.tsx').then((m) => ({ default: m.MyLifeDialog })));

/** The user's motto in their own size and colour; a click opens the dialog to write it. */
export function MyLifePanel({ onFilter }: PanelProps) {
  const { t } = useTranslation();
  const stored = useSession((s) => s.config?.lifeContent);
  // Memoised: the dialog refills its form whenever this object changes.
  const life = useMemo(() => parseMyLife(stored), [stored]);
  const motto = mottoOf(life.lifeContent);
  const [isEditing, setEditing] = useState(false);
  const [hasOpened, setOpened] = useState(false);
  const isEmpty = motto === '';
  const isReadOnly = !onFilter;
  const placeholder = t(
    isReadOnly ? 'defect.my-life.preview-placeholder' : 'defect.my-life.click-input-content',
  );
  const text = (
    <span
      className={isEmpty ? 'statistic-life-text is-placeholder' : 'statistic-life-text'}
      style={isEmpty ? undefined : { color: life.color, fontSize: life.fontSize }}
    >
      {isEmpty ? placeholder : motto}
    </span>
  );
  // Read-only on the template page, like the other panels there.
  if (isReadOnly) return <div className="statistic-life">{text}</div>;
  return (
    <>
      <button
        type="button"
        className="statistic-life is-clickable"
        onClick={() => {
          setOpened(true);
          setEditing(true);
        }}
      >
        {text}
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MyLifeDialog
            isOpen={isEditing}
            life={{ ...life, lifeContent: motto }}
            note={life.lifeContent}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
