/** Menus of type "InnerLink" embed an external page; the frame fills the view below the header. */
export default function InnerLinkPage({ link }: { link: string }) {
  return (
    <iframe
      title={link}
      src={link}
      style={{ width: '100%', height: 'calc(100vh - 94.5px)', border: 0, display: 'block' }}
    />
  );
}
