/**
 * The part of ECharts the playground draws with: bar and line charts on a grid, with tooltips and a legend,
 * rendered as SVG. Importing only these keeps the chart chunk a fraction of the full library.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { getInstanceByDom, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { getInstanceByDom, init };
