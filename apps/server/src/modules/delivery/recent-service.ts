// The deliveries other modules may ask about: which station last texted a number (the inbox).
export { latestStationToText } from './recent-repo.js';
