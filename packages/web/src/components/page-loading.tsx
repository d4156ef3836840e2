import { Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/** A lazily loaded route element, with the spinner while its chunk arrives. */
export const page = (node: ReactNode, fallback: ReactNode = <PageLoading />) => (
  <Suspense fallback={fallback}>{node}</Suspense>
);
