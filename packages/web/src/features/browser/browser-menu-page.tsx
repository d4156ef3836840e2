import { BrowserTool } from './browser-tool.tsx';

/** The project menu's browser tool (component tool/project/browser/index): the same tool inside the layout. */
export default function BrowserMenuPage() {
  return <BrowserTool isFullScreen={false} />;
}
