import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useIsDark } from '../lib/color-scheme.ts';

// The parts every chart here uses; each chart's file registers its own series types, so only
// what a page draws is bundled with it.
echarts.use([TooltipComponent, LegendComponent, CanvasRenderer]);

export { echarts };

/** One ECharts instance on a canvas that follows its box's width; the option replaces the last one. */
export function EChart({
  option,
  height,
  ariaLabel,
}: {
  option: echarts.EChartsCoreOption;
  height: number;
  ariaLabel: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts>(undefined);
  const isDark = useIsDark();
  const latest = useRef(option);

  // ECharts' own dark theme in the dark, on the page's background (a new instance on a switch).
  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current, isDark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.setOption({ backgroundColor: 'transparent', ...latest.current }, true);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      instance.dispose();
    };
  }, [isDark]);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option]);

  return <div ref={host} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
