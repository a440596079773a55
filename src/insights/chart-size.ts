/** The occupancy chart's height, which a panel keeps for it while its data loads. */
export const CHART_HEIGHT = 260;

/** The insights' one series colour (bars, sparklines): AA contrast on white. */
export const SERIES_COLOR = '#1d4ed8';
