/**
 * Word lists of the scale catalogue (scale.ts): names, dishes, streets and companies per kind and cuisine, so words
 * repeat across a large catalogue the way they do in a real one ('Pizzeria', 'Sushi', 'Grand Hotel', 'Loft'...),
 * accented names included ('Café', 'Crêperie', 'Phở'). Pure data.
 *
 * The demo catalogue's distinctive names (Via Roma, Sakura, Kintaro, Golden Dragon, Jade Garden, La Casita, El
 * Mariachi, Taj Mahal, Bombay Spice, Bangkok Orchid, Le Petit Bistro, Lumière, Kensington, Casa Gótica, Yorkville...)
 * are left out of these lists, so the demo listings stay the one right answer to a search for them; scale.ts also
 * renames any generated listing whose whole name equals a demo name.
 */
import type { Cuisine } from '../../../domain/onboarding/options';
import type { MENU_CATEGORIES } from '../../../domain/provider/schemas';

export type MenuCategory = (typeof MENU_CATEGORIES)[number];
/** [dish, category, usual price in cents] */
export type Dish = readonly [string, MenuCategory, number];

const S = 'Starters';
const M = 'Mains';
const Si = 'Sides';
const D = 'Desserts';
const Dr = 'Drinks';

/** How often each cuisine is found among restaurants (relative weights). */
export const CUISINE_WEIGHTS: Record<Cuisine, number> = {
  Italian: 14, Chinese: 11, American: 11, Japanese: 9, Mexican: 9, Indian: 8, Thai: 5, French: 5, Mediterranean: 4,
  Korean: 4, Vietnamese: 4, Greek: 3, Turkish: 3, Lebanese: 3, Spanish: 3, German: 2, British: 2, Brazilian: 2,
  Ethiopian: 1.5, Moroccan: 1.5, Peruvian: 1.5, Argentine: 1.5, Russian: 1, Other: 3,
};

/** Per cuisine: name forms ({W} a word of `words`, {N} a first name) and the words. */
export const RESTAURANT_NAMES: Record<Cuisine, { forms: readonly string[]; words: readonly string[] }> = {
  Italian: {
    forms: ['Pizzeria {W}', 'Trattoria {W}', 'Osteria {W}', 'Ristorante {W}', '{W} Pizzeria', 'Caffè {W}', '{W} Pasta Bar', 'Pizza {W}'],
    words: ['Bella Napoli', 'Da Mario', 'Il Forno', 'La Dolce Vita', 'Toscana', 'Sorrento', 'Amalfi', 'Vesuvio', 'Bella Vista', 'San Marco', 'Da Luigi', 'Da Enzo', 'Il Giardino', 'Piccolo Mondo', 'La Piazza', 'Portofino', 'Milano', 'Firenze', 'Venezia', 'Napoli', 'Roma', 'Sicilia', 'Da Gino', 'Mamma Rosa', 'Il Pomodoro'],
  },
  Chinese: {
    forms: ['{W} Kitchen', '{W} Palace', '{W} Noodle House', '{W} Dumpling House', '{W} Wok', 'Szechuan {W}', '{W} BBQ House', '{W} Restaurant'],
    words: ['Red Lantern', 'Lucky Star', 'Golden Bowl', 'Panda', 'Dragon Pearl', 'Lotus', 'Bamboo', 'Dynasty', 'Great Wall', 'Shanghai', 'Canton', 'Hong Kong', 'Peking', 'Fortune', 'Double Happiness', 'Silk Road', 'Imperial', 'Phoenix', 'Mandarin', 'Eight Treasures'],
  },
  Indian: {
    forms: ['{W}', '{W} Curry House', '{W} Tandoori', '{W} Indian Kitchen', '{W} Biryani House', 'Taste of {W}', '{W} Masala'],
    words: ['Maharaja', 'Namaste', 'Delhi Darbar', 'Punjab', 'Spice Route', 'Saffron', 'Kohinoor', 'Tandoor Nights', 'Royal India', 'Jaipur', 'Kerala', 'Himalaya', 'Goa', 'Mumbai Express', 'Chennai', 'Bengal', 'Lucknow', 'Curry Leaf'],
  },
  Mexican: {
    forms: ['Taquería {W}', '{W} Cantina', '{W} Tacos', '{W} Mexican Grill', 'Casa {W}', 'Cocina {W}'],
    words: ['Oaxaca', 'Jalisco', 'Guadalajara', 'Puebla', 'Los Compadres', 'El Sol', 'La Catrina', 'Frida', 'Azteca', 'Maya', 'Tulum', 'Cancún', 'Los Amigos', 'El Nopal', 'La Paloma', 'Mi Tierra', 'Don Pancho', 'El Agave', 'Chapultepec'],
  },
  Japanese: {
    forms: ['{W} Sushi', 'Sushi {W}', '{W} Ramen', 'Ramen {W}', 'Izakaya {W}', '{W} Sushi Bar', '{W} Teppanyaki', '{W} Japanese Kitchen'],
    words: ['Hana', 'Kaizen', 'Tokyo', 'Osaka', 'Kyoto', 'Fuji', 'Sakana', 'Umami', 'Koi', 'Zen', 'Momiji', 'Hokkaido', 'Ichiban', 'Yuzu', 'Nori', 'Aoi', 'Kobe', 'Sapporo'],
  },
  Thai: {
    forms: ['{W} Thai', 'Thai {W}', '{W} Thai Kitchen', 'Baan {W}', '{W} Noodle Bar'],
    words: ['Siam', 'Lemongrass', 'Chiang Mai', 'Phuket', 'Krua', 'Basil', 'Coconut', 'Elephant', 'Lotus', 'Jasmine', 'Tamarind', 'Sukhothai', 'Krabi'],
  },
  American: {
    forms: ['{W} Burgers', '{W} Diner', '{W} Grill', '{W} Smokehouse', '{W} BBQ', '{W} Kitchen & Bar', "{N}'s Diner", '{W} Chicken Shack'],
    words: ['Main Street', 'Route 66', 'Liberty', 'Big Sky', 'Lone Star', 'Hometown', 'Brooklyn', 'Union', 'Red Barn', 'Blue Plate', 'Stack House', 'Corner', 'Highway', 'Rusty Spoon', 'Smoky Joe', 'Five Points', 'Golden State'],
  },
  Mediterranean: {
    forms: ['{W} Mezze', '{W} Grill', '{W} Kitchen', '{W} Mediterranean', 'Café {W}'],
    words: ['Aegean', 'Cedar', 'Olive Tree', 'Pomegranate', 'Levant', 'Santorini', 'Sesame', "Za'atar", 'Blue Door', 'Sumac', 'Fig Tree', 'Cyprus'],
  },
  French: {
    forms: ['Café {W}', 'Bistro {W}', 'Brasserie {W}', 'Crêperie {W}', 'Boulangerie {W}', 'Pâtisserie {W}', 'Chez {N}'],
    words: ['du Marché', 'de Paris', 'Saint-Michel', 'Montmartre', 'Bretonne', 'du Coin', 'de la Gare', 'Rive Gauche', 'Bonaparte', 'Lyonnais', 'Provençal', 'du Parc', 'Belle Époque', 'Opéra', 'Mistral'],
  },
  Korean: {
    forms: ['{W} Korean BBQ', '{W} Bibimbap', '{W} Fried Chicken', 'Han {W}', '{W} Pocha'],
    words: ['Gangnam', 'Busan', 'Hanok', 'Kimchi', 'Mapo', 'Jeju', 'Insadong', 'Arirang', 'Myeongdong', 'Hanul'],
  },
  Vietnamese: {
    forms: ['Phở {W}', '{W} Phở', 'Bánh Mì {W}', '{W} Vietnamese Kitchen', '{W} Noodle House'],
    words: ['Hà Nội', 'Huế', 'Đà Nẵng', 'Hội An', 'Mekong', 'Hạ Long', 'Bamboo', 'Golden Lotus', 'Nha Trang', 'Sông Hồng'],
  },
  Greek: {
    forms: ['{W} Taverna', 'Taverna {W}', '{W} Souvlaki', '{W} Greek Kitchen', 'Ouzeri {W}'],
    words: ['Mykonos', 'Santorini', 'Athena', 'Olympus', 'Zorba', 'Crete', 'Plaka', 'Delphi', 'Acropolis', 'Naxos', 'Ithaca', 'Poseidon', 'Corfu'],
  },
  Turkish: {
    forms: ['{W} Kebab', '{W} Grill', '{W} Ocakbaşı', '{W} Turkish Kitchen', 'Köfteci {W}'],
    words: ['Istanbul', 'Anatolia', 'Bosphorus', 'Ottoman', 'Sultan', 'Ephesus', 'Cappadocia', 'Antalya', 'Galata', 'Topkapı', 'Bodrum', 'İzmir'],
  },
  Lebanese: {
    forms: ['{W} Lebanese Grill', '{W} Shawarma', 'Beit {W}', '{W} Manoushe', '{W} Lebanese Kitchen'],
    words: ['Beirut', 'Byblos', 'Cedars', 'Tripoli', 'Baalbek', 'Zahle', 'Jounieh', 'Sidon', 'Al Arz', 'Teta'],
  },
  Brazilian: {
    forms: ['Churrascaria {W}', '{W} Brazilian Steakhouse', 'Boteco {W}', '{W} Brazilian Grill'],
    words: ['Rio', 'Copacabana', 'Ipanema', 'Bahia', 'Gaúcho', 'Amazônia', 'Brasília', 'Samba', 'Pantanal', 'Minas'],
  },
  Ethiopian: {
    forms: ['{W} Ethiopian Restaurant', '{W} Ethiopian Kitchen', 'Café {W}'],
    words: ['Addis', 'Lalibela', 'Axum', 'Gondar', 'Blue Nile', 'Abyssinia', 'Habesha', 'Sheba', 'Harar'],
  },
  Spanish: {
    forms: ['Bar {W}', 'Taberna {W}', '{W} Tapas', 'El Rincón de {N}', 'Casa {W}'],
    words: ['Andalucía', 'Sevilla', 'Valencia', 'Madrid', 'Toledo', 'Málaga', 'Granada', 'Bilbao', 'Manolo', 'Pepe', 'Lola'],
  },
  German: {
    forms: ['{W} Biergarten', '{W} Stube', 'Gasthaus {W}', '{W} Brauhaus', '{W} Wurst Haus'],
    words: ['Bavaria', 'Edelweiss', 'Alpen', 'Schwarzwald', 'Heidelberg', 'Rhein', 'Müller', 'Zum Löwen', 'Lindenhof', 'Kaiser', 'Tannenbaum'],
  },
  British: {
    forms: ['The {W}', 'The {W} Pub', '{W} Fish & Chips', 'The {W} Tavern'],
    words: ['Red Lion', 'Crown', 'Royal Oak', 'White Hart', 'Kings Head', 'Rose and Crown', 'Fox and Hounds', 'Golden Fleece', 'Black Swan', 'Plough', 'Queens Head', 'Anchor'],
  },
  Russian: {
    forms: ['{W}', 'Café {W}', '{W} Russian Kitchen', 'Pelmeni {W}'],
    words: ['Matryoshka', 'Kalinka', 'Samovar', 'Troika', 'Babushka', 'Moskva', 'Petrograd', 'Taiga', 'Volga'],
  },
  Moroccan: {
    forms: ['{W} Moroccan Kitchen', 'Riad {W}', 'Dar {W}', 'Café {W}'],
    words: ['Marrakech', 'Fès', 'Casablanca', 'Atlas', 'Sahara', 'Tangier', 'Essaouira', 'Medina', 'Chefchaouen', 'Argan'],
  },
  Peruvian: {
    forms: ['{W} Cevichería', '{W} Peruvian Kitchen', 'Pollería {W}', 'Nikkei {W}'],
    words: ['Lima', 'Cusco', 'Inca', 'Machu Picchu', 'Arequipa', 'Andes', 'Titicaca', 'Miraflores', 'Barranco', 'Pachamama'],
  },
  Argentine: {
    forms: ['{W} Parrilla', 'Parrilla {W}', '{W} Argentine Grill', 'Empanadas {W}'],
    words: ['Buenos Aires', 'Patagonia', 'Mendoza', 'La Boca', 'Palermo', 'San Telmo', 'El Gaucho', 'Pampa', 'Tango', 'Córdoba'],
  },
  Other: {
    forms: ['{W} Café', '{W} Eatery', '{W} Kitchen', '{W} Bowls', 'The {W} Table'],
    words: ['Green Leaf', 'Harvest', 'Urban', 'Fusion', 'Corner', 'Daily Grind', 'Good Karma', 'Fresh Market', 'Sunny Side', 'Local'],
  },
};

export const FIRST_NAMES = ['Hélène', 'Margot', 'Julien', 'Louis', 'Amélie', 'Gaston', 'Céline', 'René', 'Maria', 'José', 'Sam', 'Joe', 'Betty', 'Frank', 'Rosa', 'Tony'] as const;

/** Dishes per cuisine; every menu also draws from SHARED_DISHES. */
export const DISHES: Record<Cuisine, readonly Dish[]> = {
  Italian: [
    ['Bruschetta al Pomodoro', S, 899], ['Arancini', S, 999], ['Caprese Salad', S, 1099], ['Margherita Pizza', M, 1499], ['Pizza Diavola', M, 1699],
    ['Quattro Formaggi Pizza', M, 1799], ['Spaghetti Carbonara', M, 1699], ['Lasagna al Forno', M, 1799], ["Penne all'Arrabbiata", M, 1499],
    ['Risotto ai Funghi', M, 1899], ['Gnocchi al Pesto', M, 1699], ['Fettuccine Alfredo', M, 1599], ['Garlic Focaccia', Si, 599], ['Tiramisu', D, 899],
    ['Panna Cotta', D, 799], ['Cannoli', D, 699], ['Espresso', Dr, 349],
  ],
  Chinese: [
    ['Hot and Sour Soup', S, 699], ['Pork Dumplings', S, 899], ['Vegetable Spring Rolls', S, 699], ['Kung Pao Chicken', M, 1599], ['Sweet and Sour Pork', M, 1549],
    ['Mapo Tofu', M, 1399], ['Beef Chow Fun', M, 1599], ['Peking Duck', M, 3299], ["General Tso's Chicken", M, 1599], ['Dan Dan Noodles', M, 1399],
    ['Yangzhou Fried Rice', Si, 1099], ['Garlic Bok Choy', Si, 899], ['Mango Pudding', D, 599], ['Jasmine Tea', Dr, 299],
  ],
  Indian: [
    ['Vegetable Samosas', S, 699], ['Onion Bhaji', S, 699], ['Butter Chicken', M, 1699], ['Lamb Rogan Josh', M, 1899], ['Chicken Tikka Masala', M, 1699],
    ['Palak Paneer', M, 1499], ['Chana Masala', M, 1299], ['Chicken Biryani', M, 1799], ['Dal Makhani', M, 1299], ['Garlic Naan', Si, 399],
    ['Basmati Rice', Si, 399], ['Gulab Jamun', D, 599], ['Mango Lassi', Dr, 499], ['Masala Chai', Dr, 349],
  ],
  Mexican: [
    ['Chips and Guacamole', S, 899], ['Elote', S, 599], ['Tacos al Pastor', M, 1399], ['Carne Asada Tacos', M, 1499], ['Chicken Enchiladas', M, 1499],
    ['Beef Burrito', M, 1399], ['Quesadilla de Queso', M, 1199], ['Chiles Rellenos', M, 1599], ['Pozole Rojo', M, 1499], ['Refried Beans', Si, 499],
    ['Mexican Rice', Si, 499], ['Churros', D, 699], ['Tres Leches Cake', D, 799], ['Horchata', Dr, 449],
  ],
  Japanese: [
    ['Miso Soup', S, 399], ['Edamame', S, 499], ['Gyoza', S, 799], ['California Roll', M, 999], ['Salmon Nigiri', M, 1099], ['Spicy Tuna Roll', M, 1199],
    ['Chicken Teriyaki', M, 1599], ['Tonkotsu Ramen', M, 1699], ['Katsu Curry', M, 1599], ['Tempura Udon', M, 1599], ['Sashimi Platter', M, 2499],
    ['Seaweed Salad', Si, 599], ['Mochi Ice Cream', D, 599], ['Matcha Latte', Dr, 499],
  ],
  Thai: [
    ['Tom Yum Soup', S, 799], ['Fresh Spring Rolls', S, 699], ['Chicken Satay', S, 899], ['Pad Thai', M, 1499], ['Green Curry', M, 1599], ['Red Curry', M, 1599],
    ['Massaman Curry', M, 1699], ['Pad See Ew', M, 1499], ['Basil Chicken', M, 1499], ['Sticky Rice', Si, 399], ['Mango Sticky Rice', D, 799], ['Thai Iced Tea', Dr, 449],
  ],
  American: [
    ['Buffalo Wings', S, 1299], ['Mozzarella Sticks', S, 899], ['Classic Cheeseburger', M, 1499], ['Bacon BBQ Burger', M, 1699], ['Pulled Pork Sandwich', M, 1499],
    ['Fried Chicken', M, 1599], ['Mac and Cheese', M, 1199], ['BBQ Ribs', M, 2499], ['Philly Cheesesteak', M, 1599], ['Fries', Si, 499], ['Onion Rings', Si, 599],
    ['Coleslaw', Si, 399], ['Apple Pie', D, 699], ['Chocolate Milkshake', Dr, 699], ['Lemonade', Dr, 399],
  ],
  Mediterranean: [
    ['Hummus and Pita', S, 799], ['Baba Ganoush', S, 799], ['Grilled Halloumi', S, 999], ['Fattoush Salad', S, 999], ['Stuffed Grape Leaves', S, 899],
    ['Falafel Plate', M, 1399], ['Chicken Shawarma', M, 1599], ['Lamb Kofta', M, 1799], ['Mixed Grill Platter', M, 2699], ['Tabbouleh', Si, 699],
    ['Baklava', D, 599], ['Mint Lemonade', Dr, 449],
  ],
  French: [
    ['French Onion Soup', S, 999], ['Escargots', S, 1399], ['Salade Niçoise', S, 1499], ['Croque Monsieur', M, 1399], ['Steak Frites', M, 2799],
    ['Coq au Vin', M, 2499], ['Bœuf Bourguignon', M, 2699], ['Quiche Lorraine', M, 1399], ['Crêpe Complète', M, 1299], ['Ratatouille', M, 1699],
    ['Pommes Frites', Si, 599], ['Croissant', Si, 399], ['Crème Brûlée', D, 899], ['Tarte Tatin', D, 899], ['Café au Lait', Dr, 449],
  ],
  Korean: [
    ['Kimchi Pancake', S, 1099], ['Mandu', S, 899], ['Bibimbap', M, 1599], ['Bulgogi', M, 1899], ['Korean Fried Chicken', M, 1799], ['Japchae', M, 1499],
    ['Kimchi Jjigae', M, 1499], ['Tteokbokki', M, 1299], ['Galbi', M, 2699], ['Kimchi', Si, 399], ['Bingsu', D, 999], ['Barley Tea', Dr, 299],
  ],
  Vietnamese: [
    ['Fresh Summer Rolls', S, 799], ['Crispy Spring Rolls', S, 799], ['Phở Bò (Beef Pho)', M, 1499], ['Phở Gà (Chicken Pho)', M, 1399], ['Bánh Mì Thịt', M, 1099],
    ['Bún Chả', M, 1499], ['Bún Bò Huế', M, 1599], ['Cơm Tấm', M, 1499], ['Lemongrass Chicken', M, 1499], ['Chè Ba Màu', D, 599], ['Vietnamese Iced Coffee', Dr, 549],
  ],
  Greek: [
    ['Greek Salad', S, 1099], ['Tzatziki and Pita', S, 699], ['Spanakopita', S, 899], ['Chicken Souvlaki', M, 1699], ['Lamb Gyro', M, 1499], ['Moussaka', M, 1899],
    ['Pastitsio', M, 1799], ['Grilled Octopus', M, 2499], ['Lemon Potatoes', Si, 599], ['Baklava', D, 599], ['Loukoumades', D, 699], ['Frappé', Dr, 449],
  ],
  Turkish: [
    ['Lentil Soup', S, 699], ['Sigara Böreği', S, 799], ['Adana Kebab', M, 1799], ['Döner Kebab', M, 1299], ['İskender Kebab', M, 1999], ['Lahmacun', M, 999],
    ['Pide', M, 1399], ['Köfte', M, 1599], ['Bulgur Pilaf', Si, 499], ['Künefe', D, 899], ['Turkish Delight', D, 599], ['Ayran', Dr, 349], ['Turkish Tea', Dr, 249],
  ],
  Lebanese: [
    ['Hummus', S, 699], ['Moutabal', S, 799], ['Kibbeh', S, 999], ['Fattoush', S, 899], ['Shish Taouk', M, 1699], ['Mixed Shawarma Plate', M, 1799],
    ["Manakish Za'atar", M, 899], ['Lamb Kafta', M, 1799], ['Mujaddara', M, 1299], ['Garlic Toum', Si, 299], ['Knafeh', D, 899], ['Jallab', Dr, 449],
  ],
  Brazilian: [
    ['Pão de Queijo', S, 699], ['Coxinha', S, 799], ['Feijoada', M, 1999], ['Picanha', M, 2899], ['Moqueca', M, 2299], ['Frango Grelhado', M, 1699],
    ['Farofa', Si, 399], ['Brigadeiro', D, 399], ['Açaí Bowl', D, 999], ['Guaraná', Dr, 349],
  ],
  Ethiopian: [
    ['Sambusa', S, 599], ['Doro Wat', M, 1799], ['Beef Tibs', M, 1899], ['Kitfo', M, 1999], ['Misir Wat', M, 1399], ['Shiro', M, 1299], ['Gomen', M, 1299],
    ['Veggie Combo', M, 1699], ['Injera', Si, 299], ['Ethiopian Coffee', Dr, 449],
  ],
  Spanish: [
    ['Patatas Bravas', S, 799], ['Gambas al Ajillo', S, 1299], ['Croquetas de Jamón', S, 999], ['Pan con Tomate', S, 599], ['Chorizo al Vino', S, 999],
    ['Paella Valenciana', M, 2599], ['Paella de Marisco', M, 2799], ['Tortilla Española', M, 1199], ['Pulpo a la Gallega', M, 2199], ['Albóndigas', M, 1499],
    ['Crema Catalana', D, 799], ['Churros con Chocolate', D, 799],
  ],
  German: [
    ['Brezel with Obatzda', S, 899], ['Kartoffelsuppe', S, 799], ['Wiener Schnitzel', M, 2199], ['Bratwurst', M, 1499], ['Currywurst', M, 1299],
    ['Sauerbraten', M, 2299], ['Käsespätzle', M, 1599], ['Schweinshaxe', M, 2599], ['Kartoffelsalat', Si, 599], ['Sauerkraut', Si, 499],
    ['Apfelstrudel', D, 799], ['Schwarzwälder Kirschtorte', D, 899], ['Apfelschorle', Dr, 399],
  ],
  British: [
    ['Scotch Egg', S, 799], ['Fish and Chips', M, 1799], ["Shepherd's Pie", M, 1699], ['Bangers and Mash', M, 1599], ['Steak and Ale Pie', M, 1899],
    ['Full English Breakfast', M, 1699], ['Sunday Roast', M, 2199], ['Mushy Peas', Si, 399], ['Chips', Si, 499], ['Sticky Toffee Pudding', D, 899],
    ['Eton Mess', D, 799], ['English Breakfast Tea', Dr, 299],
  ],
  Russian: [
    ['Borscht', S, 899], ['Blini with Sour Cream', S, 999], ['Olivier Salad', S, 899], ['Pirozhki', S, 699], ['Pelmeni', M, 1499], ['Beef Stroganoff', M, 1899],
    ['Chicken Kiev', M, 1799], ['Golubtsy', M, 1599], ['Shashlik', M, 1999], ['Syrniki', D, 799], ['Medovik', D, 799], ['Kompot', Dr, 349],
  ],
  Moroccan: [
    ['Harira Soup', S, 799], ['Zaalouk', S, 799], ['Briouats', S, 899], ['Chicken Tagine', M, 1899], ['Lamb Tagine with Prunes', M, 2299], ['Couscous Royale', M, 2199],
    ['Pastilla', M, 1999], ['Kefta Tagine', M, 1799], ['Msemen', Si, 399], ['Chebakia', D, 599], ['Mint Tea', Dr, 349],
  ],
  Peruvian: [
    ['Ceviche Clásico', S, 1599], ['Papa a la Huancaína', S, 899], ['Anticuchos', S, 1199], ['Lomo Saltado', M, 1999], ['Ají de Gallina', M, 1699],
    ['Pollo a la Brasa', M, 1799], ['Arroz con Mariscos', M, 2199], ['Causa Limeña', M, 1399], ['Yuca Frita', Si, 599], ['Picarones', D, 699], ['Chicha Morada', Dr, 449],
  ],
  Argentine: [
    ['Empanadas Criollas', S, 899], ['Provoleta', S, 1099], ['Bife de Chorizo', M, 3299], ['Asado Mixto', M, 3599], ['Milanesa Napolitana', M, 1899],
    ['Choripán', M, 1199], ['Entraña', M, 2899], ['Papas Fritas', Si, 599], ['Flan con Dulce de Leche', D, 699], ['Alfajores', D, 499], ['Mate', Dr, 349],
  ],
  Other: [
    ['Caesar Salad', S, 1099], ['Soup of the Day', S, 699], ['Poke Bowl', M, 1599], ['Grain Bowl', M, 1399], ['Club Sandwich', M, 1399], ['Grilled Salmon', M, 2299],
    ['Veggie Wrap', M, 1199], ['Sweet Potato Fries', Si, 599], ['Brownie', D, 499], ['Cheesecake', D, 699], ['Cold Brew', Dr, 449],
  ],
};

/** Drinks, sides and desserts any restaurant may also sell. */
export const SHARED_DISHES: readonly Dish[] = [
  ['Side Salad', Si, 599], ['Sparkling Water', Dr, 299], ['Cola', Dr, 299], ['Orange Juice', Dr, 399], ['Bottled Water', Dr, 199],
  ['Chocolate Cake', D, 799], ['Ice Cream (2 scoops)', D, 599], ['Seasonal Fruit', D, 599], ['Iced Tea', Dr, 349],
];

export const DISH_DESCRIPTIONS: Record<MenuCategory, readonly string[]> = {
  Starters: ['A classic starter, made fresh to order.', 'Light and shareable, to start the meal.', 'Made in house every morning.'],
  Mains: ['Cooked to order from the family recipe.', 'Our most ordered main, a generous portion.', 'Made with fresh local ingredients.', "The chef's signature plate."],
  Sides: ['The perfect side for any main.', 'Made fresh, serves one.'],
  Desserts: ['Made in house every day.', 'A sweet finish, big enough to share.'],
  Drinks: ['Served chilled.', 'Freshly made.'],
};

export const RESTAURANT_TAILS = ['made fresh every day', 'delivered hot to your door', 'cooked to order', 'with vegetarian options', 'from family recipes', 'at neighbourhood prices'];

export const HOURS_TEXTS = ['Open 24 hours', 'Mon-Sun 11:00-23:00', 'Mon-Sun 10:00-22:00', 'Tue-Sun 12:00-22:00', 'Mon-Sat 11:00-21:00', 'Mon-Sun 17:00-02:00'];

/** Streets by the language of the place. */
export const STREETS: Record<'en' | 'fr' | 'es' | 'de' | 'it' | 'pt', readonly string[]> = {
  en: ['Main Street', 'King Street', 'Queen Street', 'High Street', 'Market Street', 'Church Street', 'Park Avenue', 'Station Road', 'River Road', 'Elm Street', 'Maple Avenue', 'Oak Street', 'Harbour Street', 'College Street', 'Victoria Road', 'Bridge Street', 'Mill Lane', 'Garden Street', 'Hill Road', 'Lake Shore Drive'],
  fr: ['Rue Saint-Denis', 'Rue de la République', 'Boulevard Saint-Laurent', 'Rue du Marché', 'Rue Sainte-Catherine', 'Avenue de la Gare', 'Rue des Écoles', 'Place du Château'],
  es: ['Calle Mayor', 'Avenida Central', 'Calle del Sol', 'Avenida de la Constitución', 'Calle San Martín', 'Plaza de Armas', 'Calle Real'],
  de: ['Hauptstraße', 'Bahnhofstraße', 'Marktplatz', 'Schillerstraße', 'Goethestraße', 'Kirchgasse', 'Lindenallee'],
  it: ['Via Garibaldi', 'Via Mazzini', 'Corso Italia', 'Via Dante', 'Piazza del Duomo', 'Via Verdi'],
  pt: ['Rua Augusta', 'Avenida Paulista', 'Rua das Flores', 'Avenida Atlântica', 'Rua do Comércio'],
};

/** Languages of the places' streets and of some hotel names, by country (English elsewhere). */
export const COUNTRY_LANGUAGE: Record<string, 'fr' | 'es' | 'de' | 'it' | 'pt'> = {
  France: 'fr', Belgium: 'fr', Switzerland: 'de', Germany: 'de', Austria: 'de', Spain: 'es', Mexico: 'es', Argentina: 'es', Colombia: 'es', Peru: 'es',
  Chile: 'es', Venezuela: 'es', Ecuador: 'es', Bolivia: 'es', Guatemala: 'es', Cuba: 'es', 'Dominican Republic': 'es', Italy: 'it', Brazil: 'pt', Portugal: 'pt',
  Morocco: 'fr', Senegal: 'fr', "Côte d'Ivoire": 'fr', Tunisia: 'fr', Algeria: 'fr',
};

// ---------------------------------------------------------------- hotels

export const HOTEL_STAR_WEIGHTS: Record<1 | 2 | 3 | 4 | 5, number> = { 1: 5, 2: 15, 3: 35, 4: 30, 5: 15 };
export const HOTEL_FORMS = ['Grand Hotel {C}', 'Hotel {W}', 'The {W} Hotel', '{W} Inn', '{W} Suites', '{C} {W} Hotel', '{W} Lodge', '{W} Resort & Spa', '{C} Airport Hotel', '{W} Boutique Hotel', 'Hostel {W}', '{W} Hotel {C}'];
export const HOTEL_WORDS = ['Park', 'Central', 'Royal', 'Plaza', 'Riverside', 'Harbour View', 'Garden', 'Imperial', 'Metropole', 'Majestic', 'Continental', 'Old Town', 'Station', 'Lakeside', 'Regency', 'Sunset', 'Palace', 'Crown', 'Heritage', 'Astoria', 'Belvedere', 'Panorama', 'Savoy', 'Victoria', 'Windsor', 'Cosmopolitan', 'Bellevue', 'Ambassador', 'Meridian'];
/** Extra forms in places where they are how hotels are named. */
export const HOTEL_LOCAL_FORMS: Record<string, readonly string[]> = {
  fr: ['Hôtel {W}', 'Auberge {W}', 'Hôtel du {F}', 'Hôtel de la {G}'],
  es: ['Hostal {W}', 'Hotel Casa {W}', 'Posada {W}'],
  it: ['Albergo {W}', 'Locanda {W}'],
  de: ['Hotel zur {W}', 'Gasthof {W}', 'Pension {W}'],
  pt: ['Pousada {W}', 'Hotel Solar {W}'],
  Japan: ['Ryokan {J}', '{J} Hotel {C}'],
  Morocco: ['Riad {W}', 'Dar {W}'],
};
export const FRENCH_MASCULINE = ['Parc', 'Marché', 'Vieux-Port', 'Théâtre', 'Musée', 'Château', 'Lac', 'Pont-Neuf'];
export const FRENCH_FEMININE = ['Gare', 'Cathédrale', 'Place', 'Rivière', 'Citadelle'];
export const JAPANESE_WORDS = ['Hanabi', 'Kaze', 'Yuki', 'Tsuki', 'Hoshi', 'Midori', 'Sora', 'Umi'];
export const HOTEL_TYPE_ADJECTIVES = ['A friendly', 'A stylish', 'A quiet', 'A family-run', 'A modern', 'An elegant', 'A central', 'A cosy'];

// ---------------------------------------------------------------- properties

export const PROPERTY_TYPE_WEIGHTS: Record<string, number> = {
  Apartment: 30, House: 12, Condo: 12, Studio: 12, Room: 6, Loft: 5, Townhouse: 6, Villa: 3, Cabin: 2, Cottage: 3, Penthouse: 2, Chalet: 1.5,
  Hostel: 0.5, Guesthouse: 2, 'B&B': 2,
};
export const PROPERTY_ADJECTIVES = ['Cozy', 'Bright', 'Spacious', 'Modern', 'Charming', 'Renovated', 'Sunny', 'Quiet', 'Elegant', 'Stylish', 'Rustic', 'Luxury', 'Minimalist', 'Airy'];
export const PROPERTY_AREAS = ['Downtown {C}', 'the Old Town', '{C} City Centre', 'Riverside', 'Midtown', 'the University District', 'Harbourside', 'the Arts District', 'Uptown {C}', 'the Old Port', '{C} West End', 'the Market District'];
export const PROPERTY_FEATURES = ['Balcony', 'Garden', 'Hot Tub', 'Lake View', 'Sea View', 'Fireplace', 'City View', 'Rooftop Terrace', 'Mountain View', 'Parking', 'Workspace'];
export const PROPERTY_FORMS = ['{A} {T} in {R}', '{A} {B} {T} near {R}', '{T} with {F} in {R}', '{A} {T} with {F}', '{R} {T}', '{A} {B} {T} with {F}'];
/** [bedrooms min, max, monthly rent base in cents] per form type. */
export const PROPERTY_SIZES: Record<string, readonly [number, number, number]> = {
  Apartment: [1, 3, 140_000], House: [2, 5, 230_000], Condo: [1, 3, 170_000], Studio: [0, 0, 95_000], Room: [1, 1, 60_000], Loft: [1, 2, 160_000],
  Townhouse: [2, 4, 200_000], Villa: [3, 6, 420_000], Cabin: [1, 3, 120_000], Cottage: [1, 4, 150_000], Penthouse: [2, 4, 520_000], Chalet: [2, 5, 260_000],
  Hostel: [1, 1, 45_000], Guesthouse: [1, 3, 110_000], 'B&B': [1, 2, 100_000],
};

// ---------------------------------------------------------------- cars

/** [model, category, seats, luggage, price per day in cents] */
export const CAR_MODELS: ReadonlyArray<readonly [string, string, number, number, number]> = [
  ['Nissan Versa', 'Economy', 5, 2, 3999], ['Kia Rio', 'Economy', 5, 2, 4199], ['Hyundai Accent', 'Economy', 5, 2, 4099], ['Renault Clio', 'Economy', 5, 2, 3899],
  ['Peugeot 208', 'Economy', 5, 2, 3999], ['Citroën C3', 'Economy', 5, 2, 3899], ['Toyota Corolla', 'Compact', 5, 3, 4999], ['Honda Civic', 'Compact', 5, 3, 5199],
  ['Volkswagen Golf', 'Compact', 5, 3, 5099], ['Škoda Octavia', 'Compact', 5, 4, 5299], ['Mazda 3', 'Compact', 5, 3, 4999], ['Toyota RAV4', 'SUV', 5, 4, 7499],
  ['Ford Explorer', 'SUV', 7, 5, 8999], ['Jeep Grand Cherokee', 'SUV', 5, 4, 9499], ['Hyundai Tucson', 'SUV', 5, 4, 6999], ['Honda CR-V', 'SUV', 5, 4, 7299],
  ['BMW 5 Series', 'Luxury', 5, 3, 14999], ['Mercedes-Benz E-Class', 'Luxury', 5, 3, 15999], ['Audi A6', 'Luxury', 5, 3, 14499], ['Lexus ES', 'Luxury', 5, 3, 13999],
  ['Chrysler Pacifica', 'Van', 7, 6, 9999], ['Toyota Sienna', 'Van', 8, 6, 9799], ['Ford Transit', 'Van', 12, 8, 12999], ['Tesla Model 3', 'Electric', 5, 3, 10999],
  ['Tesla Model Y', 'Electric', 5, 4, 11999], ['Nissan Leaf', 'Electric', 5, 2, 6999], ['Polestar 2', 'Electric', 5, 3, 10499],
];
export const CAR_COMPANIES = ['Hertz', 'Avis', 'Budget', 'Enterprise', 'Sixt', 'Europcar', 'National', 'Alamo', 'Thrifty', 'Dollar'];
export const CAR_PICKUPS = ['Downtown {C}', '{C} Airport', '{C} Central Station', '{C} City Centre', '{C} Old Town'];

// ---------------------------------------------------------------- flights

/** [airline, code, home country] */
export const AIRLINES: ReadonlyArray<readonly [string, string, string]> = [
  ['Air Canada', 'AC', 'Canada'], ['WestJet', 'WS', 'Canada'], ['Porter Airlines', 'PD', 'Canada'], ['Air Transat', 'TS', 'Canada'],
  ['United Airlines', 'UA', 'United States'], ['American Airlines', 'AA', 'United States'], ['Delta Air Lines', 'DL', 'United States'],
  ['British Airways', 'BA', 'United Kingdom'], ['Air France', 'AF', 'France'], ['Lufthansa', 'LH', 'Germany'], ['KLM', 'KL', 'Netherlands'],
  ['Emirates', 'EK', 'United Arab Emirates'], ['Qantas', 'QF', 'Australia'], ['Japan Airlines', 'JL', 'Japan'], ['Iberia', 'IB', 'Spain'],
  ['Aeroméxico', 'AM', 'Mexico'], ['Turkish Airlines', 'TK', 'Türkiye'], ['Singapore Airlines', 'SQ', 'Singapore'], ['LATAM Airlines', 'LA', 'Brazil'],
  ['Air India', 'AI', 'India'], ['China Eastern', 'MU', 'China'], ['ITA Airways', 'AZ', 'Italy'], ['TAP Air Portugal', 'TP', 'Portugal'],
];
export const FLIGHT_SEATS = [180, 150, 296, 76, 220, 189, 124, 250];

// ---------------------------------------------------------------- taxis, shipping, general services

export const TAXI_COMPANY_FORMS = ['{C} Cabs', '{C} Taxi Co.', '{W} Cabs', '{W} Rides', '{C} {W} Taxi'];
export const TAXI_WORDS = ['Yellow', 'Checker', 'Blue Line', 'City', 'Royal', 'Star', 'Metro', 'Capital', 'Express', 'Coop'];
export const COURIER_COMPANIES = ['Northwind Couriers', 'Maple Express', 'SwiftParcel', 'BlueBox Logistics', 'Polar Post', 'Atlas Freight', 'Courier Rapide', 'Red Kite Delivery', 'Harbour Freight Lines', 'Velo Messengers', 'Trans-Globe Cargo', 'ParcelPoint'];
export const SERVICE_BRANDS = ['Bright', 'Prime', 'Summit', 'Maple', 'Golden', 'Urban', 'Swift', 'True', 'Blue Sky', 'Evergreen', 'Pioneer', 'Northern', 'Liberty', 'Crystal', 'Silver', 'Oak', 'Cedar', 'Harbor', 'Sunrise', 'Apex', 'Élan'];
/** Business nouns of some general service categories (the category itself otherwise). */
export const SERVICE_NOUNS: Partial<Record<string, readonly string[]>> = {
  'Computer Tech': ['Tech Support', 'IT Services', 'Computer Help'],
  'Hair Styling': ['Hair Studio', 'Salon', 'Cuts & Colour'],
  Barbing: ['Barbershop', 'Barbers', 'Fade Studio'],
  Daycare: ['Daycare', 'Early Learning Centre', 'Kids Club'],
  'Laundry Service': ['Laundry', 'Dry Cleaners', 'Wash & Fold'],
  'Photography and Artwork': ['Photography', 'Photo Studio', 'Portraits'],
  'Event Planning': ['Events', 'Event Planning', 'Weddings & Events'],
  'Catering Service': ['Catering', 'Kitchen Catering', 'Banquets'],
  Tutoring: ['Tutoring', 'Learning Centre', 'Tutors'],
  'Mechanic Services': ['Auto Repair', 'Mobile Mechanics', 'Garage'],
  'Massage Therapy': ['Massage Therapy', 'Massage & Spa', 'Wellness Studio'],
  'Coffee Shop': ['Coffee', 'Espresso Bar', 'Coffee Roasters'],
  Construction: ['Construction', 'Builders', 'Contracting'],
  Carpentry: ['Carpentry', 'Woodworks', 'Cabinet Makers'],
  Printing: ['Print Shop', 'Printing', 'Copy Centre'],
  'Health Care Center': ['Health Centre', 'Clinic', 'Family Health'],
  'Renewable Energy': ['Solar', 'Energy Solutions', 'Green Power'],
  'Building Maintenance': ['Property Maintenance', 'Handyman Services', 'Building Services'],
  'Computer and Electronic Repair': ['Device Repair', 'Phone & Laptop Repair', 'Electronics Repair'],
};
export const SERVICE_FEATURES = ['Free quote', 'Same-day service', 'Licensed and insured', 'Satisfaction guarantee', 'Evening and weekend hours', 'Online booking', 'Senior discount', 'Eco-friendly products', 'Free pickup', 'Certified staff'];
export const SERVICE_LANGUAGES = ['English', 'French', 'Spanish', 'German', 'Mandarin', 'Hindi', 'Arabic', 'Portuguese', 'Italian', 'Punjabi'];
export const SERVICE_AVAILABILITY = ['Mon-Fri, 9:00 AM - 5:00 PM', 'Mon-Sat, 8:00 AM - 6:00 PM', 'Daily, 8:00 AM - 9:00 PM', 'Mon-Sun, 10:00 AM - 8:00 PM', '24/7'];
