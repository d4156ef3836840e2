import { LineChart as EchartsLine } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([EchartsLine, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface LineSeries {
  name: string;
  values: readonly number[];
  color?: string;
  /** Drawn as a filled area under the line. */
  isArea?: boolean;
}

interface LineChartProps {
  labels: readonly string[];
  series: readonly LineSeries[];
  height?: number;
  ariaLabel: string;
}

/** A small ECharts line chart (only the parts it uses are bundled) that follows its box's width. */
export function LineChart({ labels, series, height = 160, ariaLabel }: LineChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts>(undefined);

  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      instance.dispose();
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        grid: { left: 32, right: 8, top: series.length > 1 ? 28 : 8, bottom: 20 },
        tooltip: { trigger: 'axis' },
        legend: series.length > 1 ? { top: 0, itemWidth: 12, itemHeight: 8 } : undefined,
        xAxis: { type: 'category', data: labels, axisLabel: { fontSize: 10 } },
        yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: 10 } },
        series: series.map((s) => ({
          name: s.name,
          type: 'line',
          data: s.values,
          smooth: true,
          showSymbol: false,
          ...(s.color ? { color: s.color } : {}),
          ...(s.isArea ? { areaStyle: { opacity: 0.15 } } : {}),
        })),
      },
      true,
    );
  }, [labels, series]);

  return <div ref={host} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
