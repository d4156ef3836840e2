import { LineChart as EchartsLine } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { useMemo } from 'react';
import { EChart, echarts } from './echart.tsx';

echarts.use([EchartsLine, GridComponent]);

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
  const option = useMemo(
    () => ({
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
    }),
    [labels, series],
  );
  return <EChart option={option} height={height} ariaLabel={ariaLabel} />;
}
