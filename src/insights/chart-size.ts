/** The occupancy chart's height, which a panel keeps for it while its code or data loads. */
export const CHART_HEIGHT = 260;
