/** The HTML report with plots: `renderHtml` and the plot data it is drawn from. */
export { renderHtml, jsonForScript, type HtmlOptions } from './render.js'
export { benchmarkPlotData, type BenchmarkPlotData } from './plotData.js'
