import { GaugeChart, PieChart } from 'echarts/charts';
import { EChart, echarts } from '../../components/echart.tsx';

// Only the parts the cache page draws; the page is loaded lazily, so echarts comes with it.
echarts.use([PieChart, GaugeChart]);

export interface Slice {
  name: string;
  value: number;
}

/** A pie of named counts (command calls, keys per cache). */
export function PieOf({
  slices,
  ariaLabel,
  height = 280,
}: {
  slices: Slice[];
  ariaLabel: string;
  height?: number;
}) {
  return (
    <EChart
      ariaLabel={ariaLabel}
      height={height}
      option={{
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: { type: 'scroll', bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['30%', '62%'],
            center: ['50%', '45%'],
            roseType: 'radius',
            data: slices,
            // Many slices: names only in the legend and the tooltip, so labels never pile up.
            label: { show: slices.length <= 8, fontSize: 11 },
          },
        ],
      }}
    />
  );
}

/** A gauge of a share (memory used of its limit). */
export function GaugeOf({
  value,
  name,
  detail,
  ariaLabel,
}: {
  value: number;
  name: string;
  detail: string;
  ariaLabel: string;
}) {
  return (
    <EChart
      ariaLabel={ariaLabel}
      height={280}
      option={{
        tooltip: { formatter: `{b}: ${detail}` },
        series: [
          {
            type: 'gauge',
            min: 0,
            max: 100,
            progress: { show: true },
            axisLabel: { fontSize: 10, distance: 18 },
            title: { offsetCenter: [0, '75%'], fontSize: 12 },
            detail: { formatter: () => detail, fontSize: 16, offsetCenter: [0, '45%'] },
            data: [{ value: Math.round(value * 10) / 10, name }],
          },
        ],
      }}
    />
  );
}
