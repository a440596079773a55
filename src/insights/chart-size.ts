/** The occupancy chart's height, which a panel keeps for it while its data loads. */
export const CHART_HEIGHT = 260;
