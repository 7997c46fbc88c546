// Which IANA time zone a US phone number is in, by area code, so texts can wait for local daytime.
//
// Sources: the North American Numbering Plan Administrator's area code assignments
// (nationalnanpa.com, "NPA Database" reports) for which codes are assigned to the United States and
// its territories, and the IANA tz database for the zones. Compiled 2026-11: the list was checked
// against the US codes in libphonenumber's metadata (2026-10) and the state commissions' overlay
// announcements for codes assigned but not yet handing out numbers (357 436 457 621 624 679 861 924).
//
// Every assigned geographic code is listed, including overlays whose numbers are not handed out yet.
// Toll-free (800, 833 … 888), 5XX, 600, 700, 710, 900 and other non-geographic codes are left out on
// purpose: they say nothing about where the phone is, so they fall back to DEFAULT_US_TIME_ZONE.
//
// Where an area code crosses a time zone line it takes the zone where most of its people live; the
// rows below say so in a comment. A ported or moved mobile number keeps its area code, so this is a
// best guess about the recipient, never a fact.
//
// Maintaining: NANPA announces each new area code in a planning letter (nationalnanpa.com, "Planning
// Letters"). Almost all are overlays: add the new code to the row of its parent code, right after it.

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const ARIZONA = 'America/Phoenix';
const PACIFIC = 'America/Los_Angeles';
const ALASKA = 'America/Anchorage';
const HAWAII = 'Pacific/Honolulu';
const IDAHO = 'America/Boise';
const INDIANA = 'America/Indiana/Indianapolis';
const MICHIGAN = 'America/Detroit';

/** [zone, area codes separated by spaces]; an overlay sits right after the code it overlays. */
const ZONE_ROWS: ReadonlyArray<readonly [zone: string, areaCodes: string]> = [
  // Alabama. Phenix City (334) keeps Eastern time unofficially; the rest of the code is Central.
  [CENTRAL, '205 659 251 256 938 334'],
  // Alaska. The far Aleutians (America/Adak) hold a few thousand of its people.
  [ALASKA, '907'],
  // Arizona: no daylight saving time. The Navajo Nation in 928 does observe it, but is a minority.
  [ARIZONA, '480 520 602 623 928'],
  // Arkansas
  [CENTRAL, '479 501 870 327'],
  // California
  [PACIFIC, '209 350 213 323 738 310 424 408 669 415 628 510 341 530 559 357 562 619 858 626 650'],
  [PACIFIC, '661 707 369 714 657 760 442 805 820 818 747 831 909 840 916 279 925 949 951'],
  // Colorado
  [MOUNTAIN, '303 720 983 719 970 748'],
  // Connecticut
  [EASTERN, '203 475 860 959'],
  // Delaware
  [EASTERN, '302'],
  // District of Columbia
  [EASTERN, '202 771'],
  // Florida
  [EASTERN, '239 305 786 645 321 352 386 407 689 561 728 727 754 954 772 813 656 863 904 324 941'],
  // Florida panhandle: Pensacola and Panama City (Central) outnumber the Tallahassee area (Eastern).
  [CENTRAL, '850 448'],
  // Georgia
  [EASTERN, '229 404 470 678 770 943 478 706 762 912'],
  // Hawaii
  [HAWAII, '808'],
  // Idaho: the south (Boise, Idaho Falls, Pocatello) is Mountain and outnumbers the Pacific north.
  [IDAHO, '208 986'],
  // Illinois
  [CENTRAL, '217 447 224 847 309 861 312 872 773 331 630 618 730 708 464 815 779'],
  // Northwest Indiana (Gary, Hammond, Valparaiso) keeps Chicago's Central time.
  [CENTRAL, '219'],
  // Indiana, Eastern. 574 has one Central county (Starke); in 812/930 the Evansville corner is
  // Central, but Bloomington, Terre Haute, Columbus and the Louisville suburbs are Eastern.
  [INDIANA, '260 317 463 574 765 812 930'],
  // Iowa
  [CENTRAL, '319 515 563 641 712'],
  // Kansas. A few western counties in 620 and 785 are Mountain.
  [CENTRAL, '316 620 785 913'],
  // Kentucky, Eastern (Louisville, Lexington, the east)
  [EASTERN, '502 606 859'],
  // Western Kentucky: Bowling Green, Owensboro and Paducah (Central) outnumber Elizabethtown (Eastern).
  [CENTRAL, '270 364'],
  // Louisiana
  [CENTRAL, '225 318 457 337 504 985'],
  // Maine
  [EASTERN, '207'],
  // Maryland
  [EASTERN, '240 301 227 410 443 667'],
  // Massachusetts
  [EASTERN, '339 781 351 978 413 508 774 617 857'],
  // Michigan. In 906 the four counties on the Wisconsin line are Central; most of the UP is Eastern.
  [MICHIGAN, '231 248 947 269 313 679 517 586 616 734 810 906 989'],
  // Minnesota
  [CENTRAL, '218 320 507 924 612 651 763 952'],
  // Mississippi
  [CENTRAL, '228 601 769 662'],
  // Missouri
  [CENTRAL, '314 557 417 573 235 636 660 816 975'],
  // Montana
  [MOUNTAIN, '406'],
  // Nebraska. In 308 the panhandle (Scottsbluff) is Mountain; Grand Island, Kearney and North Platte
  // are Central and hold more people.
  [CENTRAL, '308 402 531'],
  // Nevada. West Wendover (775) is on Mountain time.
  [PACIFIC, '702 725 775'],
  // New Hampshire
  [EASTERN, '603'],
  // New Jersey
  [EASTERN, '201 551 609 640 732 848 856 862 973 908'],
  // New Mexico
  [MOUNTAIN, '505 575'],
  // New York: New York City, then the rest of the state
  [EASTERN, '212 646 332 917 718 347 929'],
  [EASTERN, '315 680 516 363 518 838 585 607 631 934 716 624 845 329 914'],
  // North Carolina
  [EASTERN, '252 336 743 704 980 828 910 472 919 984'],
  // North Dakota. The southwest (Dickinson) is Mountain; Fargo, Bismarck, Grand Forks and Minot are
  // Central.
  [CENTRAL, '701'],
  // Ohio
  [EASTERN, '216 234 330 283 513 326 937 380 614 419 567 440 436 740 220'],
  // Oklahoma
  [CENTRAL, '405 572 580 918 539'],
  // Oregon. Malheur County (Ontario) in 541/458 is Mountain.
  [PACIFIC, '503 971 541 458'],
  // Pennsylvania
  [EASTERN, '215 267 445 412 878 717 223 570 272 610 484 835 724 814 582'],
  // Rhode Island
  [EASTERN, '401'],
  // South Carolina
  [EASTERN, '803 839 843 854 864 821'],
  // South Dakota: east of the Missouri River (Sioux Falls) is Central and outnumbers Rapid City.
  [CENTRAL, '605'],
  // Tennessee, Central (Nashville, Memphis, Clarksville)
  [CENTRAL, '615 629 731 901 931'],
  // East Tennessee (Chattanooga, Knoxville, the Tri-Cities) is Eastern; a few 423 counties are Central.
  [EASTERN, '423 865'],
  // Texas
  [CENTRAL, '210 726 214 469 972 945 254 281 346 713 832 621 325 361 409 512 737 682 817'],
  // In 432 the Trans-Pecos corner is Mountain; Midland and Odessa are Central.
  [CENTRAL, '430 903 432 806 830 936 940 956 979'],
  // El Paso and far west Texas
  [MOUNTAIN, '915'],
  // Utah
  [MOUNTAIN, '385 801 435'],
  // Vermont
  [EASTERN, '802'],
  // Virginia
  [EASTERN, '276 434 540 826 571 703 757 948 804 686'],
  // Washington
  [PACIFIC, '206 253 360 564 425 509'],
  // West Virginia
  [EASTERN, '304 681'],
  // Wisconsin
  [CENTRAL, '262 414 534 715 608 353 920 274'],
  // Wyoming
  [MOUNTAIN, '307'],
  // Territories: Puerto Rico, US Virgin Islands, Guam, Northern Mariana Islands, American Samoa
  ['America/Puerto_Rico', '787 939'],
  ['America/St_Thomas', '340'],
  ['Pacific/Guam', '671'],
  ['Pacific/Saipan', '670'],
  ['Pacific/Pago_Pago', '684'],
];

function buildAreaCodeTimeZones(): Readonly<Record<string, string>> {
  const zones: Record<string, string> = {};
  for (const [zone, areaCodes] of ZONE_ROWS) {
    for (const areaCode of areaCodes.split(' ')) {
      // A code listed twice would silently take the later zone: fail at load instead.
      if (areaCode in zones) throw new Error(`Area code ${areaCode} is listed twice`);
      zones[areaCode] = zone;
    }
  }
  return Object.freeze(zones);
}

/** US geographic area code (3 digits) → IANA time zone where most of its numbers are. */
export const AREA_CODE_TIME_ZONES: Readonly<Record<string, string>> = buildAreaCodeTimeZones();

/**
 * The zone assumed for a number whose area code is not in the table (toll-free, new, malformed).
 * Eastern is the most populous US time zone, so it is the guess that is right most often. It is not
 * the cautious guess: 8 AM Eastern is 5 AM on the Pacific coast, so a western number with an unknown
 * code can be texted early in its morning (a 9 PM Eastern cut-off is never late in the west).
 */
export const DEFAULT_US_TIME_ZONE = 'America/New_York';
