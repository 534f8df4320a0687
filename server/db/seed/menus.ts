/**
 * Each seeded restaurant's own menu (issue 26): dishes that match its name, cuisine and description (Kintaro Ramen
 * Bar sells ramen, Via Roma pizza), never one menu shared by a cuisine. Pure data and a seeding step: the menus are
 * written once per database (seed_runs 'menus-v2'), on a new database right after the catalogue and on one seeded
 * before with the old per-cuisine menus, whose untouched seeded dishes are replaced.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MENU_CATEGORIES } from '../../../domain/provider/schemas';
import type { Db } from '../connect';
import { menuItems, restaurants, seedRuns } from '../schema';
import { RESTAURANTS } from './catalogue-data';

export const MENUS_SEED_NAME = 'menus-v2';

type MenuCategory = (typeof MENU_CATEGORIES)[number];
export type MenuItemSeed = { name: string; description: string; priceCents: number; category: MenuCategory };

const item = (category: MenuCategory, name: string, priceCents: number, description: string): MenuItemSeed => ({ name, description, priceCents, category });

/** The menus by restaurant name (the names in RESTAURANTS), in the order they are shown. */
export const MENUS: Record<string, MenuItemSeed[]> = {
  'Sakura Sushi House': [
    item('Starters', 'Edamame with Sea Salt', 499, 'Steamed young soybeans tossed with flaky sea salt.'),
    item('Starters', 'Agedashi Tofu', 799, 'Crisp-fried silken tofu in warm dashi with grated daikon and bonito flakes.'),
    item('Mains', 'Salmon Nigiri (4 pieces)', 999, 'Atlantic salmon over hand-pressed sushi rice, brushed with nikiri soy.'),
    item('Mains', 'Spicy Tuna Roll', 1199, 'Yellowfin tuna, chili mayo, cucumber and tempura crunch, 8 pieces.'),
    item('Mains', 'Tempura Udon', 1599, 'Thick wheat noodles in hot dashi broth with two shrimp tempura and scallions.'),
    item('Mains', 'Sashimi Moriawase', 2299, "Fifteen slices of salmon, tuna, yellowtail and scallop, the chef's cut of the day."),
    item('Desserts', 'Matcha Ice Cream', 599, 'Two scoops of house-churned Uji matcha ice cream.'),
  ],
  'Kintaro Ramen Bar': [
    item('Mains', 'Tonkotsu Ramen', 1699, 'Eighteen-hour pork bone broth, chashu pork belly, soft egg, kikurage and thin noodles.'),
    item('Mains', 'Spicy Miso Ramen', 1749, 'Red miso and chili broth with ground pork, sweet corn, bean sprouts and wavy noodles.'),
    item('Mains', 'Shoyu Chicken Ramen', 1599, 'Clear soy-seasoned chicken broth with chicken chashu, bamboo shoots and nori.'),
    item('Mains', 'Vegan Tantanmen', 1649, 'Sesame and soy milk broth, spicy miso crumble, bok choy and chili oil.'),
    item('Sides', 'Pork Gyoza (6 pieces)', 899, 'Pan-fried dumplings with a crisp lattice skirt and ponzu to dip.'),
    item('Sides', 'Chicken Karaage', 1099, 'Soy and ginger marinated thigh, fried twice, with Japanese mayo and lemon.'),
    item('Sides', 'Extra Chashu (3 slices)', 499, 'Torched braised pork belly to add to any bowl.'),
    item('Drinks', 'Ramune Soda', 549, 'Japanese marble soda, original flavour.'),
  ],
  'Nonna Lucia Trattoria': [
    item('Starters', 'Arancini di Riso (3)', 999, 'Saffron risotto balls filled with mozzarella and peas, with marinara.'),
    item('Starters', 'Burrata e Pomodorini', 1399, 'Creamy burrata with roasted cherry tomatoes, basil and grilled bread.'),
    item('Mains', 'Gnocchi alla Sorrentina', 1799, 'House potato gnocchi baked in tomato sauce with fior di latte and basil.'),
    item('Mains', 'Ravioli Capresi', 1899, 'Hand-folded ravioli filled with caciotta and marjoram in a light tomato sauce.'),
    item('Mains', 'Scialatielli ai Frutti di Mare', 2299, 'Fresh Amalfi-style pasta with mussels, clams, shrimp and cherry tomatoes.'),
    item('Mains', 'Pizza Diavola', 1699, 'Wood-fired pizza with San Marzano tomato, mozzarella and spicy salame.'),
    item('Desserts', 'Tiramisu della Nonna', 899, 'Espresso-soaked savoiardi layered with mascarpone cream and cocoa, made every morning.'),
  ],
  'Via Roma Pizzeria': [
    item('Starters', 'Insalata Mista', 899, 'Mixed greens, shaved fennel, olives and lemon vinaigrette.'),
    item('Mains', 'Margherita D.O.P.', 1599, 'Pizza of San Marzano tomato, buffalo mozzarella, basil and olive oil on a blistered crust.'),
    item('Mains', 'Pizza Marinara', 1299, 'Tomato, garlic, oregano and olive oil, no cheese: the Naples original.'),
    item('Mains', 'Quattro Formaggi', 1899, 'White pizza with fior di latte, gorgonzola, fontina and parmigiano, finished with black pepper.'),
    item('Mains', 'Salsiccia e Friarielli', 1999, 'White pizza with fennel sausage, bitter broccoli rabe, smoked provola and chili.'),
    item('Mains', 'Prosciutto e Rucola', 2099, 'Pizza with mozzarella, topped after baking with prosciutto di Parma, arugula and grana.'),
    item('Desserts', 'Nutella Calzoncini', 799, 'Little fried dough pockets filled with Nutella and dusted with icing sugar.'),
    item('Drinks', 'San Pellegrino Limonata', 499, 'Sparkling Italian lemon soda, 330 ml.'),
  ],
  'Golden Dragon Kitchen': [
    item('Starters', 'Wontons in Chili Oil', 999, 'Eight pork and shrimp wontons in Sichuan chili oil with black vinegar and garlic.'),
    item('Mains', 'Crispy Ginger Beef', 1699, 'The prairie classic: battered beef strips glazed in sweet ginger-garlic sauce with peppers.'),
    item('Mains', 'Mapo Tofu', 1499, 'Soft tofu and ground pork in a numbing chili bean sauce with Sichuan peppercorn.'),
    item('Mains', 'Sweet and Sour Pork', 1599, 'Crisp pork with pineapple, peppers and onion in a bright sweet-and-sour glaze.'),
    item('Mains', 'Salt and Pepper Squid', 1549, 'Flash-fried squid tossed with garlic, scallion and fresh chilies.'),
    item('Sides', 'Yangzhou Fried Rice', 1299, 'Wok-fried rice with barbecue pork, shrimp, egg and green onion.'),
    item('Desserts', 'Mango Pudding', 599, 'Chilled mango pudding finished with evaporated milk.'),
  ],
  'Jade Garden Dim Sum': [
    item('Starters', 'Har Gow (4 pieces)', 799, 'Steamed shrimp dumplings in translucent wheat-starch wrappers.'),
    item('Starters', 'Siu Mai (4 pieces)', 749, 'Open-topped pork and shrimp dumplings with flying fish roe.'),
    item('Starters', 'Char Siu Bao (3 pieces)', 699, 'Fluffy steamed buns filled with honey-glazed barbecue pork.'),
    item('Starters', 'Xiao Long Bao (6 pieces)', 1099, 'Pork soup dumplings with a ginger and black vinegar dip.'),
    item('Mains', 'Hand-Pulled Beef Noodle Soup', 1599, 'Noodles pulled to order in a spiced beef broth with radish and cilantro.'),
    item('Mains', 'Dan Dan Noodles', 1399, 'Hand-pulled noodles with spicy pork, preserved greens and sesame-chili sauce.'),
    item('Desserts', 'Egg Tarts (3)', 599, 'Flaky Hong Kong-style custard tarts, baked every hour.'),
    item('Drinks', 'Hong Kong Milk Tea', 499, 'Strong black tea pulled with evaporated milk, hot or iced.'),
  ],
  'La Casita Taqueria': [
    item('Starters', 'Elote', 599, 'Grilled street corn with mayo, cotija, chili powder and lime.'),
    item('Mains', 'Tacos de Carnitas (3)', 1299, 'Slow-cooked pork shoulder, onion, cilantro and salsa verde on house-pressed corn tortillas.'),
    item('Mains', 'Tacos de Birria (3)', 1599, 'Braised beef tacos griddled with cheese, with a cup of consomé for dipping.'),
    item('Mains', 'Tacos de Pescado (3)', 1399, 'Beer-battered cod, chipotle crema and cabbage slaw.'),
    item('Mains', 'Tacos de Hongos (3)', 1199, 'Roasted mushrooms and poblano rajas with queso fresco; vegetarian.'),
    item('Sides', 'Chips y Salsas', 699, 'Warm tortilla chips with salsa roja, salsa verde and pico de gallo.'),
    item('Drinks', 'Agua de Horchata', 499, 'Cinnamon rice drink made in house, 500 ml.'),
  ],
  'El Mariachi Cantina': [
    item('Starters', 'Queso Fundido', 1199, 'Melted Oaxaca cheese with chorizo, served with warm flour tortillas.'),
    item('Starters', 'Guacamole Tradicional', 1099, 'Avocado mashed to order with serrano, onion, cilantro and lime, with totopos.'),
    item('Mains', 'Mole Negro con Pollo', 2199, 'Chicken leg in Oaxacan black mole of chilhuacle chilies, chocolate and toasted seeds, with rice.'),
    item('Mains', 'Barbacoa de Res', 2099, 'Beef cheek slow-braised with guajillo in maguey leaves, with tortillas and consomé.'),
    item('Mains', 'Enmoladas', 1799, 'Corn tortillas folded around chicken in mole coloradito with crema and sesame.'),
    item('Mains', 'Tlayuda Oaxaqueña', 1899, 'A large crisp tortilla with black bean paste, quesillo, cabbage and grilled beef.'),
    item('Desserts', 'Churros con Cajeta', 799, 'Cinnamon-sugar churros with goat-milk caramel for dipping.'),
  ],
  'Taj Mahal Curry House': [
    item('Starters', 'Onion Bhaji', 699, 'Crisp onion fritters in chickpea batter with mint chutney.'),
    item('Starters', 'Paneer Tikka', 1399, 'Paneer marinated in yogurt and spices, charred in the tandoor with peppers.'),
    item('Mains', 'Tandoori Chicken (Half)', 1699, 'Bone-in chicken marinated overnight in yogurt and Kashmiri chili, roasted in the clay oven.'),
    item('Mains', 'Chicken Tikka Masala', 1799, 'Tandoor-roasted chicken in a creamy spiced tomato sauce.'),
    item('Mains', 'Lamb Korma', 1999, 'Tender lamb in a mild cashew and cardamom cream sauce.'),
    item('Mains', 'Dal Makhani', 1399, 'Black lentils simmered overnight with butter and cream.'),
    item('Sides', 'Garlic Butter Naan', 499, 'Baked against the wall of the tandoor and brushed with garlic butter and cilantro.'),
    item('Desserts', 'Gulab Jamun (3)', 599, 'Warm milk dumplings soaked in rose and cardamom syrup.'),
  ],
  'Bombay Spice Kitchen': [
    item('Starters', 'Pani Puri (8)', 799, 'Crisp hollow puris with spiced potato, chickpeas and tangy mint water to pour in.'),
    item('Starters', 'Bhel Puri', 699, 'Puffed rice, sev, onion, tomato and tamarind-date chutney.'),
    item('Mains', 'Vada Pav (2)', 899, "Mumbai's potato fritter in a soft bun with garlic chutney and fried green chili."),
    item('Mains', 'Pav Bhaji', 1199, 'Buttery mashed vegetable curry with toasted buns, onion and lime.'),
    item('Mains', 'Goan Fish Curry', 1899, 'Basa in a coconut, kokum and red chili curry, with steamed rice.'),
    item('Mains', 'Prawn Malvani', 2099, 'Prawns in a Konkan-coast masala of roasted coconut and spices, with rice.'),
    item('Drinks', 'Mango Lassi', 549, 'Alphonso mango blended with yogurt and a pinch of cardamom.'),
  ],
  'Bangkok Orchid': [
    item('Starters', 'Thai Spring Rolls (4)', 699, 'Crispy rolls with glass noodles and vegetables, with sweet chili sauce.'),
    item('Starters', 'Tom Yum Goong', 899, 'Hot and sour lemongrass soup with shrimp, galangal, lime leaf and mushrooms.'),
    item('Mains', 'Pad Thai with Shrimp', 1699, 'Rice noodles wok-fried with tamarind, egg, tofu, bean sprouts and crushed peanuts.'),
    item('Mains', 'Green Curry with Chicken', 1699, 'Chicken, Thai eggplant and basil in green coconut curry; choose your heat level.'),
    item('Mains', 'Massaman Beef Curry', 1899, 'Slow-cooked beef with potatoes and peanuts in a mild Massaman curry.'),
    item('Mains', 'Pad Kra Pao', 1599, 'Stir-fried minced pork with holy basil and chilies, a fried egg on top, over rice.'),
    item('Desserts', 'Mango Sticky Rice', 899, 'Sweet coconut sticky rice with ripe mango and toasted mung beans.'),
    item('Drinks', 'Thai Iced Tea', 499, 'Strong spiced black tea with sweetened condensed milk over ice.'),
  ],
  'Prairie Smokehouse Burgers': [
    item('Mains', 'Double Smash Burger', 1599, 'Two Saskatchewan beef patties smashed thin, American cheese, pickles, onion and house sauce.'),
    item('Mains', 'Bacon Cheddar Smash', 1699, 'A smashed patty, aged cheddar, maple bacon and smoked aioli on a brioche bun.'),
    item('Mains', 'Smoked Brisket Sandwich', 1799, 'Brisket smoked for twelve hours, pickled red onion and barbecue sauce on a toasted bun.'),
    item('Mains', 'Hot Honey Chicken Sandwich', 1499, 'Buttermilk-fried chicken thigh, slaw and hot honey.'),
    item('Sides', 'Hand-Cut Fries', 549, 'Skin-on fries cut every morning, with sea salt.'),
    item('Sides', 'Poutine', 999, 'Hand-cut fries, squeaky cheese curds and beef gravy.'),
    item('Desserts', 'Saskatoon Berry Pie', 699, 'A slice of Saskatoon berry pie with whipped cream.'),
    item('Drinks', 'Chocolate Milkshake', 699, 'Hand-spun with vanilla ice cream and chocolate sauce.'),
  ],
  'Olive & Fig Mezze': [
    item('Starters', 'Hummus with Warm Pita', 799, 'Chickpea and tahini dip with olive oil and paprika, pita from the grill.'),
    item('Starters', 'Spanakopita (3)', 899, 'Spinach and feta in crisp phyllo triangles.'),
    item('Starters', 'Saganaki', 1199, 'Pan-fried kefalograviera cheese flamed with ouzo and lemon.'),
    item('Mains', 'Horiatiki Salad', 1099, 'Tomato, cucumber, red onion, kalamata olives and a slab of feta.'),
    item('Mains', 'Chicken Souvlaki Plate', 1899, 'Two charcoal-grilled chicken skewers, lemon potatoes, salad, tzatziki and pita.'),
    item('Mains', 'Lamb Souvlaki Plate', 2199, 'Charcoal-grilled lamb skewers with rice, salad, tzatziki and pita.'),
    item('Mains', 'Falafel Pita', 1199, 'Crisp falafel, tahini, pickled turnip, tomato and parsley in a warm pita.'),
    item('Desserts', 'Baklava (2)', 599, 'Walnut and pistachio layered in phyllo with honey syrup.'),
  ],
  'Le Petit Bistro': [
    item('Starters', "Soupe à l'Oignon", 1099, 'French onion soup under a gratinéed gruyère crouton.'),
    item('Starters', 'Escargots de Bourgogne', 1399, 'Six snails baked in garlic and parsley butter, with baguette.'),
    item('Mains', 'Steak Frites', 2299, 'Grilled striploin with shallot butter and crisp frites.'),
    item('Mains', 'Coq au Vin', 2199, 'Chicken braised in red Burgundy with bacon lardons, mushrooms and pearl onions.'),
    item('Mains', 'Moules Marinières', 1999, 'Mussels steamed in white wine, garlic and cream, with frites.'),
    item('Mains', 'Croque Monsieur', 1499, 'Ham and gruyère on brioche with béchamel, with a green salad.'),
    item('Desserts', 'Crème Brûlée', 899, 'Vanilla bean custard under a crackled caramel top.'),
  ],
  'Seoul Street Kitchen': [
    item('Starters', 'Kimchi Jeon', 1099, 'A crisp kimchi pancake with scallions and soy dipping sauce.'),
    item('Starters', 'Tteokbokki', 1199, 'Chewy rice cakes and fish cake in a sweet-spicy gochujang sauce.'),
    item('Mains', 'Yangnyeom Fried Chicken (Half)', 1999, 'Double-fried chicken glazed in sweet garlic gochujang, with pickled radish.'),
    item('Mains', 'Soy Garlic Fried Chicken (Half)', 1949, 'Double-fried chicken in a soy, garlic and honey glaze.'),
    item('Mains', 'Dolsot Bibimbap', 1799, 'Rice in a sizzling stone bowl with bulgogi beef, seasoned vegetables, a fried egg and gochujang.'),
    item('Mains', 'Japchae', 1599, 'Sweet potato glass noodles stir-fried with beef, spinach, carrot and sesame.'),
    item('Sides', 'House Kimchi', 549, 'Napa cabbage kimchi fermented in house, 250 g.'),
  ],
  'Pho Saigon Noodle House': [
    item('Starters', 'Cha Gio Spring Rolls (4)', 799, 'Pork and taro rolls fried crisp, with lettuce, herbs and nuoc cham.'),
    item('Starters', 'Goi Cuon Fresh Rolls (2)', 749, 'Rice paper rolls with shrimp, pork, vermicelli and herbs, with peanut-hoisin dip.'),
    item('Mains', 'Pho Tai Nam', 1599, 'Twelve-hour beef broth with rare eye of round, brisket, rice noodles, basil and bean sprouts.'),
    item('Mains', 'Pho Ga', 1499, 'Clear chicken broth with poached chicken, rice noodles, ginger and scallions.'),
    item('Mains', 'Bun Bo Hue', 1649, 'Spicy lemongrass beef noodle soup from Hue with thick round rice noodles.'),
    item('Mains', 'Banh Mi Thit Nuong', 1099, 'Grilled lemongrass pork on a fresh baguette with pâté, pickled daikon and carrot, cilantro and chili.'),
    item('Mains', 'Com Tam Suon', 1599, 'Broken rice with a grilled pork chop, shredded pork skin, a fried egg and fish sauce.'),
    item('Drinks', 'Ca Phe Sua Da', 549, 'Vietnamese iced coffee with sweetened condensed milk.'),
  ],
};

/** A seeded restaurant's menu, or none for any other restaurant (providers write their own). */
export function menuFor(restaurantName: string): MenuItemSeed[] {
  return Object.prototype.hasOwnProperty.call(MENUS, restaurantName) ? MENUS[restaurantName] : [];
}

/**
 * The dishes of the menus seeded before issue 26 (five per cuisine, shared by every restaurant of that cuisine). A
 * seeded restaurant whose dishes are all among these was never edited by its provider, and gets its own menu instead.
 */
export const LEGACY_MENU_NAMES: readonly string[] = [
  'Miso Soup', 'California Roll', 'Salmon Sashimi', 'Chicken Teriyaki Bento', 'Chef Omakase Platter',
  'Garlic Focaccia', 'Margherita Pizza', 'Spaghetti Carbonara', 'Lasagna alla Bolognese', 'Tiramisu',
  'Vegetable Spring Rolls', 'Hot and Sour Soup', 'Kung Pao Chicken', 'Beef and Broccoli', 'Peking Duck (Half)',
  'Chips and Guacamole', 'Tacos al Pastor', 'Chicken Enchiladas', 'Carne Asada Burrito', 'Churros',
  'Vegetable Samosas', 'Butter Chicken', 'Lamb Rogan Josh', 'Chana Masala', 'Garlic Naan',
  'House Salad', 'Soup of the Day', 'Grilled Chicken Plate', "Chef's Special", 'Chocolate Brownie',
];

/**
 * Gives every seeded restaurant its own menu, once per database: a restaurant with no dishes, or with only the old
 * shared dishes (never edited by its provider), gets its menu; one whose provider changed it is left alone.
 */
export async function seedMenus(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: MENUS_SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { seeded: false };
    const legacy = new Set(LEGACY_MENU_NAMES);
    let written = 0;
    for (const seed of RESTAURANTS) {
      const menu = menuFor(seed.name);
      // The seeded restaurant: the first of that name (a provider may have registered a namesake later).
      const [row] = await tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.name, seed.name)).orderBy(restaurants.id).limit(1);
      if (!row || menu.length === 0) continue;
      const current = await tx.select({ id: menuItems.id, name: menuItems.name }).from(menuItems).where(eq(menuItems.restaurantId, row.id));
      if (current.some((m) => !legacy.has(m.name))) continue;
      if (current.length > 0) {
        await tx.delete(menuItems).where(and(eq(menuItems.restaurantId, row.id), inArray(menuItems.id, current.map((m) => m.id))));
      }
      await tx.insert(menuItems).values(
        menu.map((m, position) => ({ restaurantId: row.id, name: m.name, description: m.description, priceCents: m.priceCents, category: m.category, position })),
      );
      written += 1;
    }
    return { seeded: written > 0 };
  });
}
