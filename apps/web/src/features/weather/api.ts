// The weather page's calls live with the others in api/weather.ts (decision 0067).
export * from '../../api/weather';
